import type { AppointmentKind } from '@darsak/client';
import { APPOINTMENT_STANDINGS, type AppointmentStanding } from '@darsak/domain/interviews';
import { ENGLISH_LEVEL_LABELS, type EnglishLevel, isAdminRole } from '@darsak/domain/users';
import { Avatar, Badge, SelectField, type TableColumn } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table.tsx';
import { APP_URL } from '../../../config/env.ts';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { type Appointment, useAppointments, useInterviewers } from '../hooks/use-appointments.ts';

const TONE = { 1: 'info', 2: 'success', 3: 'error' } as const;
/** The main app's page of one appointment, where the call and the decision happen. */
const MAIN_APP_PATH = { interview: 'interview', demoSession: 'demo-session' } as const;
export const mainAppHref = (kind: AppointmentKind, id: number) =>
  new URL(`/${MAIN_APP_PATH[kind]}/${id}`, APP_URL).toString();

/** Interviews or demo sessions, upcoming first, filtered by status and (for admins) by interviewer. */
export function AppointmentsTable({ kind }: { kind: AppointmentKind }) {
  const { t } = useI18n();
  const role = useAuth().user?.role;
  const admin = role !== undefined && isAdminRole(role);
  const paging = usePaging(kind === 'interview' ? 'interviews' : 'demoSessions');
  const [status, setStatus] = useState<AppointmentStanding | ''>('');
  const [managerId, setManagerId] = useState('');
  const filter = { status: status || undefined, managerId: managerId ? Number(managerId) : undefined };
  const appointments = useAppointments(kind, filter, paging.page, paging.size);
  const interviewers = useInterviewers(admin);
  const caption = t(kind === 'interview' ? 'onboarding.staff.interviews' : 'onboarding.staff.demoSessions');

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          label={t('staff.interviews.status')}
          placeholder={false}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AppointmentStanding | '');
            paging.setPage(1);
          }}
          options={[
            { value: '', label: t('staff.filter.all') },
            ...APPOINTMENT_STANDINGS.map((s) => ({
              value: s,
              label: t(`staff.interviews.standing.${s}` as MessageKey),
            })),
          ]}
        />
        {admin && (
          <SelectField
            label={t('staff.interviews.interviewer')}
            placeholder={false}
            value={managerId}
            onChange={(event) => {
              setManagerId(event.target.value);
              paging.setPage(1);
            }}
            options={[
              { value: '', label: t('staff.filter.all') },
              ...(interviewers.data?.list ?? []).map((m) => ({ value: String(m.id), label: m.name })),
            ]}
          />
        )}
      </div>
      <PagedTable
        query={appointments}
        caption={caption}
        columns={useColumns(kind)}
        rowKey={(a) => a.id}
        empty={t('staff.interviews.empty')}
        loadError={t('staff.interviews.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </div>
  );
}

function useColumns(kind: AppointmentKind): TableColumn<Appointment>[] {
  const { t, format, locale } = useI18n();
  const levelOf = (a: Appointment) =>
    'level' in a && a.level !== null ? ENGLISH_LEVEL_LABELS[a.level as EnglishLevel][locale] : '—';
  const columns: TableColumn<Appointment>[] = [
    {
      key: 'applicant',
      header: t('staff.interviews.applicant'),
      cell: (a) => (
        <span className="flex items-center gap-2">
          <Avatar
            name={a.applicant.name}
            src={a.applicant.image ? api.url(a.applicant.image) : null}
            size="sm"
            decorative
          />
          <span className="font-semibold">{a.applicant.name}</span>
        </span>
      ),
    },
    { key: 'interviewer', header: t('staff.interviews.interviewer'), cell: (a) => a.manager.name },
    {
      key: 'time',
      header: t('staff.interviews.time'),
      cell: (a) => <time dateTime={a.startsAt}>{format.dateTime(a.startsAt)}</time>,
    },
    {
      key: 'status',
      header: t('staff.interviews.status'),
      cell: (a) => (
        <Badge tone={TONE[a.status as 1 | 2 | 3] ?? 'neutral'}>
          {t(`onboarding.status.${kind}.${a.status}` as MessageKey)}
        </Badge>
      ),
    },
    {
      key: 'outcome',
      header: t('staff.interviews.outcome'),
      cell: (a) => <span className="line-clamp-3 max-w-xs">{a.feedback ?? '—'}</span>,
    },
    ...(kind === 'interview' ? [{ key: 'level', header: t('staff.interviews.level'), cell: levelOf }] : []),
    {
      key: 'open',
      header: t('staff.table.actions'),
      cell: (a) => (
        <a
          href={mainAppHref(kind, a.id)}
          aria-label={t('staff.interviews.openFor', { name: a.applicant.name })}
          className="font-semibold text-primary-700 underline"
        >
          {t('staff.interviews.open')}
        </a>
      ),
    },
  ];
  return columns;
}
