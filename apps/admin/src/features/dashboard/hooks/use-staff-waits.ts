import { onboardingKeys, slotsQuery } from '@darsak/client';
import {
  demoSessionsContract,
  interviewsContract,
  introVideoContract,
  onboardingContract,
} from '@darsak/domain/interviews';
import { isAdminRole, Role, type RoleId, roleNameOf } from '@darsak/domain/users';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type WaitKey = 'introVideos' | 'interviews' | 'demoSessions' | 'photoSessions';

interface WaitSource {
  key: WaitKey;
  /** Who may act on it: the roles its list call admits. */
  auth: readonly string[];
  href: string;
  /** How many wait, read as the total of a one-row page of the list staff work from. */
  total: (signal: AbortSignal) => Promise<number>;
}

const ONE = { page: 1, size: 1 } as const;

const SOURCES: readonly WaitSource[] = [
  {
    key: 'introVideos',
    auth: introVideoContract.review.auth,
    href: '/interviews?tab=introVideos',
    total: async (signal) =>
      (await api.callRoute(introVideoContract.list, { query: { ...ONE, status: 'pending' }, signal })).total,
  },
  {
    key: 'interviews',
    auth: interviewsContract.update.auth.filter((role) => role !== 'tutor'),
    href: '/interviews?tab=interview',
    total: async (signal) =>
      (await api.callRoute(interviewsContract.list, { query: { ...ONE, when: 'toDecide' }, signal })).total,
  },
  {
    key: 'demoSessions',
    auth: demoSessionsContract.update.auth.filter((role) => role !== 'tutor'),
    href: '/interviews?tab=demoSession',
    total: async (signal) =>
      (await api.callRoute(demoSessionsContract.list, { query: { ...ONE, when: 'toDecide' }, signal })).total,
  },
  {
    key: 'photoSessions',
    auth: onboardingContract.studioTutors.auth,
    href: '/photo-sessions',
    total: async (signal) =>
      (await api.callRoute(onboardingContract.studioTutors, { query: { ...ONE, status: 'waiting' }, signal })).total,
  },
];

export interface StaffWait {
  key: WaitKey;
  href: string;
  count: number | undefined;
  failed: boolean;
}

/** What waits for this role's decision or work, under the onboarding keys so live changes recount it. */
export function useStaffWaits(role: RoleId): StaffWait[] {
  const sources = SOURCES.filter((source) => source.auth.includes(roleNameOf(role)));
  const counts = useQueries({
    queries: sources.map((source) => ({
      queryKey: [...onboardingKeys.all, 'waits', source.key],
      queryFn: ({ signal }: { signal: AbortSignal }) => source.total(signal),
    })),
  });
  return sources.map((source, i) => ({
    key: source.key,
    href: source.href,
    count: counts[i]?.data,
    failed: counts[i]?.isError ?? false,
  }));
}

/**
 * Whether applicants can find an interview time: for an admin, whether any interviewer has a free time in the
 * next two weeks; for a tutor manager, whether they have set any interview hours. Undefined while unknown.
 */
export function useInterviewHoursMissing(role: RoleId): boolean | undefined {
  const admin = isAdminRole(role);
  const interviewers = useQuery({
    queryKey: [...onboardingKeys.all, 'waits', 'interviewers'],
    queryFn: ({ signal }) => api.callRoute(onboardingContract.interviewerSelect, { query: {}, signal }),
    enabled: admin,
  });
  const own = useQuery({ ...slotsQuery(api), enabled: role === Role.tutorManager });
  if (admin) return interviewers.data && !interviewers.data.some((i) => i.freeTimes.length > 0);
  if (role === Role.tutorManager) return own.data && own.data.list.length === 0;
  return false;
}
