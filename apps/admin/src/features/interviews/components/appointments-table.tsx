import type { AppointmentKind } from '@darsak/client';
import {
  APPOINTMENT_SORTS,
  APPOINTMENT_STANDINGS,
  type AppointmentSort,
  type AppointmentStanding,
} from '@darsak/domain/interviews';
import { ENGLISH_LEVEL_LABELS, type EnglishLevel, isAdminRole } from '@darsak/domain/users';
import { Avatar, Badge, SelectField, type TableColumn, TextField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { APP_URL } from '../../../config/env.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import {
  type Appointment,
  type AppointmentFilter,
  fetchAppointmentsPage,
  useAppointments,
  useInterviewers,
} from '../hooks/use-appointments.ts';
import { DecideAppointment } from './decide-appointment.tsx';

const TONE = { 1: 'info', 2: 'success', 3: 'error' } as const;
/** The main app's page of one appointment, where the call and the decision happen. */
const MAIN_APP_PATH = { interview: 'interview', demoSession: 'demo-session' } as const;
export const mainAppHref = (kind: AppointmentKind, id: number) =>
  new URL(`/${MAIN_APP_PATH[kind]}/${id}`, APP_URL).toString();

/** Pending and started: only its outcome is missing (the manager or an admin records it here). */
const awaitsDecision = (a: Appointment) => a.status === 1 && Date.parse(a.startsAt) <= Date.now();

/** Interviews or demo sessions, found by applicant, filtered by status and (for admins) interviewer, sorted; CSV. */
export function AppointmentsTable({ kind }: { kind: AppointmentKind }) {
  const { t } = useI18n();
  const role = useAuth().user?.role;
  const admin = role !== undefined && isAdminRole(role);
  const paging = usePaging(kind === 'interview' ? 'interviews' : 'demoSessions');
  const search = useTableSearch(paging);
  const [status, setStatus] = useState<AppointmentStanding | ''>('');
  const [managerId, setManagerId] = useState('');
  const [sort, setSort] = useState<AppointmentSort>('pendingFirst');
  const filter: AppointmentFilter = {
    q: search.q,
    status: status || undefined,
    managerId: managerId ? Number(managerId) : undefined,
    sort,
  };
  const appointments = useAppointments(kind, filter, paging.page, paging.size);
  const interviewers = useInterviewers(admin);
  const caption = t(kind === 'interview' ? 'onboarding.staff.interviews' : 'onboarding.staff.demoSessions');

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <CsvExportButton
          fileName={kind === 'interview' ? 'interviews' : 'demo-sessions'}
          fetchPage={(page, size) => fetchAppointmentsPage(kind, filter, page, size)}
          columns={useCsvColumns(kind)}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('staff.interviews.search')} hint={t('staff.interviews.searchHint')} {...search.field} />
        <SelectField
          label={t('staff.interviews.sort')}
          placeholder={false}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as AppointmentSort);
            paging.setPage(1);
          }}
          options={APPOINTMENT_SORTS.map((s) => ({ value: s, label: t(`staff.interviews.sort.${s}` as MessageKey) }))}
        />
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

function useLevelOf() {
  const { locale } = useI18n();
  return (a: Appointment) =>
    'level' in a && a.level !== null ? ENGLISH_LEVEL_LABELS[a.level as EnglishLevel][locale] : '—';
}

/** What the CSV holds: the table's facts as text, with the applicant's e-mail. */
function useCsvColumns(kind: AppointmentKind) {
  const { t } = useI18n();
  const levelOf = useLevelOf();
  return [
    { header: '#', value: (a: Appointment) => a.id },
    { header: t('staff.interviews.applicant'), value: (a: Appointment) => a.applicant.name },
    { header: t('staff.interviews.interviewer'), value: (a: Appointment) => a.manager.name },
    { header: t('staff.interviews.time'), value: (a: Appointment) => a.startsAt },
    {
      header: t('staff.interviews.status'),
      value: (a: Appointment) => t(`onboarding.status.${kind}.${a.status}` as MessageKey),
    },
    { header: t('staff.interviews.outcome'), value: (a: Appointment) => a.feedback ?? '' },
    ...(kind === 'interview' ? [{ header: t('staff.interviews.level'), value: levelOf }] : []),
  ];
}

function useColumns(kind: AppointmentKind): TableColumn<Appointment>[] {
  const { t, format } = useI18n();
  const levelOf = useLevelOf();
  const columns: TableColumn<Appointment>[] = [
    {
      key: 'applicant',
      header: t('staff.interviews.applicant'),
      cell: (a) => (
        <span className="flex items-center gap-2">
          <Avatar name={a.applicant.name} src={a.applicant.image} size="sm" decorative />
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
      cell: (a) =>
        awaitsDecision(a) ? (
          <Badge tone="warning">{t('staff.interviews.awaitingDecision')}</Badge>
        ) : (
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
        <span className="flex flex-wrap items-center gap-3">
          {awaitsDecision(a) && <DecideAppointment kind={kind} appointment={a} />}
          <a
            href={mainAppHref(kind, a.id)}
            aria-label={t('staff.interviews.openFor', { name: a.applicant.name })}
            className="font-semibold text-primary-700 underline"
          >
            {t('staff.interviews.open')}
          </a>
        </span>
      ),
    },
  ];
  return columns;
}
