import { type AppointmentKind, onboardingKeys } from '@darsak/client';
import {
  type AppointmentListQuery,
  type DemoSession,
  demoSessionsContract,
  type Interview,
  interviewsContract,
} from '@darsak/domain/interviews';
import { Role, usersContract } from '@darsak/domain/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { compactFilter } from '../../../lib/compact-filter.ts';

export type AppointmentFilter = Pick<AppointmentListQuery, 'status' | 'managerId' | 'q' | 'sort'>;
export type Appointment = Interview | DemoSession;

/** One page of interviews or demo sessions as the filter selects them (also what the CSV export reads). */
export const fetchAppointmentsPage = (
  kind: AppointmentKind,
  filter: AppointmentFilter,
  page: number,
  size: number,
  signal?: AbortSignal,
) => {
  const query = { ...compactFilter(filter), page, size };
  return kind === 'interview'
    ? api.callRoute(interviewsContract.list, { query, signal })
    : api.callRoute(demoSessionsContract.list, { query, signal });
};

/** One page of interviews or demo sessions, pending soonest first, under the onboarding keys (realtime refresh). */
export const useAppointments = (kind: AppointmentKind, filter: AppointmentFilter, page: number, size: number) =>
  useQuery({
    queryKey: [...onboardingKeys.appointments(kind), 'staff', compactFilter(filter), page, size],
    queryFn: ({ signal }) => fetchAppointmentsPage(kind, filter, page, size, signal),
    placeholderData: keepPreviousData,
  });

/** The tutor managers, for the admin's interviewer filter (a manager sees only their own list). */
export const useInterviewers = (enabled: boolean) =>
  useQuery({
    queryKey: [...onboardingKeys.all, 'staff', 'interviewers'],
    queryFn: ({ signal }) =>
      api.callRoute(usersContract.list, { query: { role: Role.tutorManager, size: 100, sort: 'name' }, signal }),
    enabled,
  });
