import { lessonsInfiniteQuery, slotsQuery } from '@darsak/client';
import { type Span, slotSpansBetween } from '@darsak/domain/availability';
import { isLessonCancelled, type LessonView } from '@darsak/domain/lessons';
import { Button, ChipCheckbox, cn, LoadingAnimation } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { otherMemberOf } from './lesson-card.tsx';
import { LessonStatusBadge } from './lesson-status.tsx';

const MS_PER_DAY = 86_400_000;
const PAGE = 100;

/** YYYY-MM-DD plus whole days (calendar arithmetic on the date alone). */
const addDays = (key: string, days: number) =>
  new Date(Date.parse(`${key}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
/** Egyptian weeks start on Saturday. */
const saturdayOf = (key: string) => addDays(key, -((new Date(`${key}T00:00:00Z`).getUTCDay() + 1) % 7));

/**
 * /lessons-schedule: the viewer's lessons a week at a time (Saturday to Friday, Cairo days), and for a tutor their
 * teaching hours each day beside them. Upcoming lessons are loaded in full; past ones page by page as the viewer
 * goes back in time.
 */
export function LessonsWeek({ viewerId, teaches }: { viewerId: number; teaches: boolean }) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const [weekOffset, setWeekOffset] = useState(0);
  const [showCancelled, setShowCancelled] = useState(false);
  const upcoming = useInfiniteQuery(lessonsInfiniteQuery(api, { when: 'upcoming', size: PAGE }));
  const past = useInfiniteQuery(lessonsInfiniteQuery(api, { when: 'past', size: PAGE }));
  const slots = useQuery({ ...slotsQuery(api), enabled: teaches });

  const today = dates.dayKey(Date.now());
  const weekStart = addDays(saturdayOf(today), weekOffset * 7);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const weekEnd = addDays(weekStart, 6);

  const lessons = useMemo(() => {
    const all = [
      ...(upcoming.data?.pages.flatMap((p) => p.list) ?? []),
      ...(past.data?.pages.flatMap((p) => p.list) ?? []),
    ];
    const byId = new Map(all.map((lesson) => [lesson.id, lesson]));
    return [...byId.values()].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  }, [upcoming.data, past.data]);

  // Upcoming: everything. Past: pages until the shown week is covered.
  useEffect(() => {
    if (upcoming.hasNextPage && !upcoming.isFetchingNextPage) void upcoming.fetchNextPage();
  }, [upcoming.hasNextPage, upcoming.isFetchingNextPage, upcoming.fetchNextPage]);
  const oldestPast = past.data?.pages.at(-1)?.list.at(-1);
  useEffect(() => {
    if (!past.hasNextPage || past.isFetchingNextPage || !oldestPast) return;
    if (dates.dayKey(oldestPast.startsAt) >= weekStart) void past.fetchNextPage();
  }, [past.hasNextPage, past.isFetchingNextPage, past.fetchNextPage, oldestPast, weekStart, dates]);

  const error = upcoming.error ?? past.error;
  if (upcoming.isPending || past.isPending) return <LoadingAnimation label={t('booking.lessons.loading')} />;
  if (error && !upcoming.data) return <LoadError error={error} onRetry={() => void upcoming.refetch()} />;

  const inWeek = lessons.filter((lesson) => {
    const key = dates.dayKey(lesson.startsAt);
    return key >= weekStart && key <= weekEnd && (showCancelled || !isLessonCancelled(lesson.status));
  });
  const booked = inWeek.filter((lesson) => !isLessonCancelled(lesson.status));
  const minutes = booked.reduce((sum, lesson) => sum + lesson.durationMinutes, 0);
  const byDay = (key: string) => inWeek.filter((lesson) => dates.dayKey(lesson.startsAt) === key);
  // A day either side: Cairo's days start two or three hours before UTC's.
  const openSpans = slots.data
    ? slotSpansBetween(
        slots.data.list,
        Date.parse(`${addDays(weekStart, -1)}T00:00:00Z`),
        Date.parse(`${addDays(weekEnd, 2)}T00:00:00Z`),
      )
    : [];
  const openOn = (key: string) => openSpans.filter((span) => dates.dayKey(span.start) === key);
  const middayOf = (key: string) => `${key}T10:00:00Z`;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-ink" aria-live="polite">
          {t('booking.schedule.weekOf', {
            from: dates.dayShort(middayOf(weekStart)),
            to: dates.dayShort(middayOf(weekEnd)),
          })}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => setWeekOffset((w) => w - 1)}>
            {t('booking.schedule.previousWeek')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setWeekOffset(0)} disabled={weekOffset === 0}>
            {t('booking.schedule.thisWeek')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setWeekOffset((w) => w + 1)}>
            {t('booking.schedule.nextWeek')}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" role="status">
          {t('booking.schedule.weekSummary', {
            count: booked.length,
            minutes: format.minutes(minutes),
          })}
        </p>
        <ChipCheckbox
          label={t('booking.schedule.showCancelled')}
          checked={showCancelled}
          onChange={(event) => setShowCancelled(event.target.checked)}
        />
      </div>
      {error && <LoadError error={error} onRetry={() => void past.refetch()} />}
      <ol className="grid gap-2 lg:grid-cols-7">
        {days.map((key) => {
          const dayLessons = byDay(key);
          const isToday = key === today;
          return (
            <li key={key}>
              <section
                aria-labelledby={`day-${key}`}
                className={cn(
                  'flex h-full flex-col gap-2 rounded-xl border bg-surface p-3',
                  isToday ? 'border-primary-400 ring-1 ring-primary-200' : 'border-line',
                )}
              >
                <h3 id={`day-${key}`} className="flex items-baseline justify-between gap-2 lg:flex-col lg:gap-0">
                  <span className={cn('font-bold', isToday ? 'text-primary-700' : 'text-ink')}>
                    {dates.weekday(middayOf(key))}
                  </span>
                  <span className="text-xs text-muted">
                    {dates.dayMonth(middayOf(key))}
                    {isToday && (
                      <span className="ms-1 font-semibold text-primary-700">({t('booking.schedule.today')})</span>
                    )}
                  </span>
                </h3>
                {teaches && slots.data && <OpenTimes spans={openOn(key)} />}
                {dayLessons.length === 0 ? (
                  <p className="text-sm text-muted">{t('booking.schedule.noLessons')}</p>
                ) : (
                  <ul className="flex flex-col gap-2">
                    {dayLessons.map((lesson) => (
                      <WeekLesson key={lesson.id} lesson={lesson} viewerId={viewerId} />
                    ))}
                  </ul>
                )}
              </section>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A tutor's teaching hours on one day, from their weekly schedule. */
function OpenTimes({ spans }: { spans: Span[] }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  if (spans.length === 0) return <p className="text-xs text-muted">{t('booking.schedule.noOpenTimes')}</p>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('booking.schedule.openTimes')}>
      {spans.map((span) => (
        <li
          key={span.start}
          className="rounded-md border border-dashed border-primary-300 bg-primary-50/60 px-1.5 py-0.5 text-xs text-primary-800"
        >
          {dates.timeRange(span.start, span.end)}
        </li>
      ))}
    </ul>
  );
}

function WeekLesson({ lesson, viewerId }: { lesson: LessonView; viewerId: number }) {
  const dates = useDateFormat();
  const other = otherMemberOf(lesson, viewerId);
  return (
    <li>
      <Link
        to={paths.lesson.href(lesson.id)}
        className="flex flex-col gap-1 rounded-lg border border-line bg-primary-50/40 p-2 text-sm hover:border-primary-300 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <span className="font-semibold text-ink">{dates.timeRange(lesson.startsAt, lesson.endsAt)}</span>
        <span className="truncate text-muted">{other.name}</span>
        <span className="self-start">
          <LessonStatusBadge lesson={lesson} />
        </span>
      </Link>
    </li>
  );
}
