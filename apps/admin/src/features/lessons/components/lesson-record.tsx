import type { LessonRecord } from '@darsak/domain/lessons';
import { Button, Card, Table, type TableColumn, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useCancelLesson } from '../hooks/use-staff-lessons.ts';
import { CallQualityTable } from './call-quality-table.tsx';
import { LessonStatus, sessionStatusText } from './lesson-status.tsx';

type Event = LessonRecord['events'][number];
type Presence = LessonRecord['presence'][number];

/** Seconds as m:ss (a dispute is about minutes, the seconds show it was measured). */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lesson's facts: members, times, length, price, status and, when cancelled, by whom and why. */
export function LessonDetails({ record }: { record: LessonRecord }) {
  const { t, format } = useI18n();
  const { lesson } = record;
  const person = (m: LessonRecord['lesson']['student']) => (
    <Link className="text-primary-700 underline" to={paths.user.href(m.id)}>
      {m.name}
    </Link>
  );
  const joined = (at: string | null) => (at ? format.dateTime(at) : t('staff.lesson.notJoined'));
  // a held lesson's measured minutes: charged to the student, and paid to the tutor (more, when only her side
  // was down)
  const measuredRows: Array<[string, ReactNode]> = [];
  if (lesson.chargedMinutes !== null)
    measuredRows.push([t('staff.lesson.charged'), t('staff.lessons.minutes', { count: lesson.chargedMinutes })]);
  if (lesson.paidMinutes !== null)
    measuredRows.push([t('staff.lesson.paid'), t('staff.lessons.minutes', { count: lesson.paidMinutes })]);
  const rows: Array<[string, ReactNode]> = [
    [t('role.4'), person(lesson.student)],
    [t('role.3'), person(lesson.tutor)],
    [t('staff.lessons.start'), format.dateTime(lesson.startsAt)],
    [t('staff.lesson.ends'), format.dateTime(lesson.endsAt)],
    [t('staff.lessons.length'), t('staff.lessons.minutes', { count: lesson.durationMinutes })],
    ...measuredRows,
    [t('staff.lessons.price'), format.piastres(lesson.pricePiastres)],
    [t('staff.lessons.status'), <LessonStatus key="status" lesson={lesson} />],
    [t('booking.lesson.session'), sessionStatusText(t, lesson)],
    [t('staff.lesson.bookedAt'), format.dateTime(lesson.createdAt)],
    [t('staff.lesson.tutorJoinedAt'), joined(lesson.tutorJoinedAt)],
    [t('staff.lesson.studentJoinedAt'), joined(record.studentJoinedAt)],
  ];
  if (lesson.rebookedFrom !== null) {
    rows.push([
      t('staff.lesson.rebookedFrom', { id: format.number(lesson.rebookedFrom) }),
      <Link key="rebooked" className="text-primary-700 underline" to={paths.lesson.href(lesson.rebookedFrom)}>
        {format.number(lesson.rebookedFrom)}
      </Link>,
    ]);
  }
  if (record.cancelledByRole && lesson.cancelledAt) {
    rows.push(
      [
        t('staff.lesson.cancelledBy'),
        t(`staff.lesson.canceller.${record.cancelledByRole}` as MessageKey, { name: record.cancelledByName ?? '' }),
      ],
      [t('staff.lesson.cancelledAt'), format.dateTime(lesson.cancelledAt)],
    );
    if (lesson.cancelReason) {
      rows.push([t('staff.lesson.cancelReason'), t(`staff.lesson.reason.${lesson.cancelReason}` as MessageKey)]);
    }
  }
  return (
    <Card title={t('staff.lesson.details')}>
      <Facts rows={rows} />
    </Card>
  );
}

/** An admin cancels the lesson, confirming with a reason (kept in the audit log). */
export function CancelLessonAction({ record }: { record: LessonRecord }) {
  const { t, format } = useI18n();
  const { toast } = useToast();
  const cancel = useCancelLesson(record.lesson.id);
  const { lesson } = record;
  if (!record.cancellable) return <p className="text-sm text-muted">{t('staff.lesson.notCancellable')}</p>;
  return (
    <ReasonDialog
      danger
      trigger={<Button variant="danger">{t('staff.lesson.cancel')}</Button>}
      title={t('staff.lesson.cancelTitle', { id: format.number(lesson.id) })}
      description={t('staff.lesson.cancelBody', {
        student: lesson.student.name,
        tutor: lesson.tutor.name,
        when: format.dateTime(lesson.startsAt),
      })}
      confirm={t('staff.lesson.cancelConfirm')}
      onConfirm={async (reason) => {
        await cancel.mutateAsync(reason);
        toast({ type: 'success', title: t('staff.lesson.cancelledToast') });
      }}
    />
  );
}

/** The lesson room's events in order and each person's time in it: a dispute is settled from these. */
export function CallTimeline({ record }: { record: LessonRecord }) {
  const { t, format } = useI18n();
  const { student, tutor } = record.lesson;
  const nameOf = (userId: number) =>
    userId === student.id
      ? `${student.name} (${t('role.4')})`
      : userId === tutor.id
        ? `${tutor.name} (${t('role.3')})`
        : t('staff.lesson.other', { id: format.number(userId) });
  const events: TableColumn<Event>[] = [
    { key: 'at', header: t('staff.lesson.eventAt'), cell: (e) => format.dateTime(e.at) },
    { key: 'who', header: t('staff.lesson.person'), cell: (e) => nameOf(e.userId) },
    { key: 'what', header: t('staff.lesson.what'), cell: (e) => t(`staff.lesson.event.${e.kind}` as MessageKey) },
  ];
  const presence: TableColumn<Presence>[] = [
    { key: 'who', header: t('staff.lesson.person'), cell: (p) => nameOf(p.userId) },
    {
      key: 'first',
      header: t('staff.lesson.firstJoined'),
      cell: (p) => (p.firstJoinedAt ? format.time(p.firstJoinedAt) : '—'),
    },
    {
      key: 'last',
      header: t('staff.lesson.lastLeft'),
      cell: (p) => (p.lastLeftAt ? format.time(p.lastLeftAt) : t('staff.lesson.stillIn')),
    },
    { key: 'drops', header: t('staff.lesson.drops'), cell: (p) => format.number(p.drops) },
    {
      key: 'present',
      header: t('staff.lesson.present'),
      cell: (p) => <bdi dir="ltr">{clock(p.presentSeconds)}</bdi>,
    },
  ];
  return (
    <Card title={t('staff.lesson.timeline')} description={t('staff.lesson.timelineHint')}>
      {record.events.length === 0 ? (
        <p className="text-muted">{t('staff.lesson.noEvents')}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <Table
            caption={t('staff.lesson.presence')}
            showCaption
            columns={presence}
            rows={record.presence}
            rowKey={(p) => p.userId}
          />
          {record.quality.length > 0 && <CallQualityTable quality={record.quality} nameOf={nameOf} />}
          <Table
            caption={t('staff.lesson.timeline')}
            columns={events}
            rows={record.events}
            rowKey={(e) => `${e.at}-${e.userId}-${e.kind}`}
          />
        </div>
      )}
    </Card>
  );
}
