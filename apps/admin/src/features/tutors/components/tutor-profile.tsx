import type { StaffTutorDetail } from '@darsak/domain/tutors';
import { Avatar, Badge, Card } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { stageKey } from './tutors-table.tsx';

const STATE_TONES = {
  done: 'success',
  todo: 'primary',
  waiting: 'warning',
  rejected: 'error',
  locked: 'neutral',
} as const;

/** Who the tutor is: picture, contacts, stage, activation, terms and their texts. */
export function TutorProfile({ tutor }: { tutor: StaffTutorDetail }) {
  const { t, format } = useI18n();
  const row = (label: MessageKey, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{t(label)}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  const rate = tutor.ratePerMinutePiastres;
  return (
    <Card title={t('staff.tutor.profile')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar name={tutor.name} src={tutor.image} size="xl" />
        <dl className="grid flex-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {row(
            'staff.tutors.email',
            <bdi dir="ltr" className="break-all">
              {tutor.email}
            </bdi>,
          )}
          {row('staff.tutors.phone', tutor.phone ? <bdi dir="ltr">{tutor.phone}</bdi> : '—')}
          {row('staff.tutors.stage', t(stageKey(tutor.stage)))}
          {row(
            'staff.tutors.activated',
            <span className="flex flex-wrap gap-1">
              <Badge tone={tutor.activated ? 'success' : 'warning'}>
                {t(tutor.activated ? 'staff.tutors.active' : 'staff.tutors.inactive')}
              </Badge>
              {tutor.bypassOnboarding && <Badge tone="info">{t('staff.tutors.bypass')}</Badge>}
              {tutor.disabled && <Badge tone="error">{t('staff.tutors.disabledAccount')}</Badge>}
            </span>,
          )}
          {row(
            'staff.tutor.rate',
            rate === null
              ? t('staff.tutor.rateDefault', { amount: format.piastres(tutor.defaultRatePerMinutePiastres) })
              : t('staff.tutor.rateValue', { amount: format.piastres(rate) }),
          )}
          {row('staff.tutor.notice', t('staff.tutor.noticeValue', { count: tutor.noticePeriodMinutes }))}
          {row('staff.tutors.joined', format.date(tutor.createdAt))}
          {row('staff.tutors.lessons', format.number(tutor.lessons))}
          {row(
            'staff.tutors.rating',
            tutor.rating.average === null
              ? t('staff.tutors.noRating')
              : t('staff.tutors.ratingValue', {
                  average: format.number(tutor.rating.average),
                  count: tutor.rating.count,
                }),
          )}
        </dl>
      </div>
      {(tutor.bio || tutor.about) && (
        <dl className="mt-4 grid gap-4">
          {tutor.bio && row('staff.tutor.bio', <span className="font-normal">{tutor.bio}</span>)}
          {tutor.about &&
            row('staff.tutor.about', <span className="font-normal whitespace-pre-line">{tutor.about}</span>)}
        </dl>
      )}
    </Card>
  );
}

/** The onboarding steps in order, each with its state and the date that matters. */
export function TutorOnboarding({ tutor }: { tutor: StaffTutorDetail }) {
  const { t, format } = useI18n();
  return (
    <Card title={t('staff.tutor.onboarding')}>
      <ol className="flex flex-col gap-3">
        {tutor.steps.map((step, index) => (
          <li key={step.step} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">
              {format.number(index + 1)}. {t(`onboarding.step.${step.step}` as MessageKey)}
            </span>
            <Badge tone={STATE_TONES[step.state]}>{t(`onboarding.state.${step.state}` as MessageKey)}</Badge>
            {step.at && (
              <span className="text-sm text-muted">{t('staff.tutor.stepAt', { date: format.dateTime(step.at) })}</span>
            )}
            {step.reapplyAt && (
              <span className="text-sm text-muted">
                {t('staff.tutor.reapplyAt', { date: format.date(step.reapplyAt) })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
