import { topicsQuery } from '@darsak/client';
import { TIMES_OF_DAY, type TimeOfDay } from '@darsak/domain/availability';
import { WEEKDAYS } from '@darsak/domain/lessons';
import { TUTOR_SORTS } from '@darsak/domain/tutors';
import { Button, SelectField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { useTutorFilters } from '../hooks/use-tutor-filters.ts';

/** Egyptian calendars start the week on Saturday. */
export const WEEK_ORDER = [6, 0, 1, 2, 3, 4, 5] as const;

const TIME_OF_DAY_KEYS: Record<TimeOfDay, MessageKey> = {
  morning: 'booking.tutors.time.morning',
  afternoon: 'booking.tutors.time.afternoon',
  evening: 'booking.tutors.time.evening',
  night: 'booking.tutors.time.night',
};

type Filters = ReturnType<typeof useTutorFilters>;

/** Topic, gender, day and part of the day, and the order of the list. */
export function TutorFilters({ filters, setFilter, clear, active }: Filters) {
  const { t, locale } = useI18n();
  const topics = useQuery(topicsQuery(api));
  const topicOptions = (topics.data?.list ?? []).map((topic) => ({
    value: topic.id,
    label: locale === 'ar' ? topic.nameAr : topic.nameEn,
  }));
  const weekdayOptions = WEEK_ORDER.map((id) => {
    const day = WEEKDAYS[id];
    return { value: id, label: locale === 'ar' ? day.ar : day.en };
  });
  const timeOptions = (Object.keys(TIMES_OF_DAY) as TimeOfDay[]).map((key) => ({
    value: key,
    label: t(TIME_OF_DAY_KEYS[key]),
  }));

  return (
    <search aria-label={t('booking.tutors.filters')}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <SelectField
          label={t('booking.tutors.filter.topic')}
          value={filters.topicId ?? ''}
          placeholder={t('booking.tutors.filter.any')}
          options={topicOptions}
          onChange={(event) => setFilter('topic', event.target.value)}
          className="col-span-2 md:col-span-1"
        />
        <SelectField
          label={t('booking.tutors.filter.gender')}
          value={filters.gender ?? ''}
          placeholder={t('booking.tutors.filter.any')}
          options={[
            { value: 'female', label: t('booking.tutors.gender.female') },
            { value: 'male', label: t('booking.tutors.gender.male') },
          ]}
          onChange={(event) => setFilter('gender', event.target.value)}
        />
        <SelectField
          label={t('booking.tutors.filter.day')}
          value={filters.weekday ?? ''}
          placeholder={t('booking.tutors.filter.anyDay')}
          options={weekdayOptions}
          onChange={(event) => setFilter('day', event.target.value)}
        />
        <SelectField
          label={t('booking.tutors.filter.time')}
          value={filters.timeOfDay ?? ''}
          placeholder={t('booking.tutors.filter.anyTime')}
          options={timeOptions}
          onChange={(event) => setFilter('time', event.target.value)}
        />
        <SelectField
          label={t('booking.tutors.sort')}
          value={filters.sort}
          placeholder={false}
          options={TUTOR_SORTS.map((sort) => ({ value: sort, label: t(`booking.tutors.sort.${sort}`) }))}
          onChange={(event) => setFilter('sort', event.target.value)}
        />
      </div>
      {active && (
        <Button variant="link" size="sm" className="mt-2" onClick={clear}>
          {t('booking.tutors.clearFilters')}
        </Button>
      )}
    </search>
  );
}
