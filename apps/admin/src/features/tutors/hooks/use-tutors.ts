import { invoicesContract } from '@darsak/domain/invoices';
import { ratingsContract } from '@darsak/domain/ratings';
import {
  type StaffTutorListQuery,
  staffTutorsContract,
  type TutorActivationInput,
  type TutorTermsInput,
  tutorsContract,
} from '@darsak/domain/tutors';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../audit/hooks/use-audit-log.ts';

export type TutorFilter = Omit<StaffTutorListQuery, 'page' | 'size'>;
/** Which list: every tutor, the uncontacted ones, or the fully booked ones (spec §7). */
export type TutorGroup = 'all' | 'uncontacted' | 'full';

const LISTS = {
  all: staffTutorsContract.list,
  uncontacted: staffTutorsContract.uncontacted,
  full: staffTutorsContract.fullTutors,
} as const;

const tutorsKey = ['staff', 'tutors'] as const;
const tutorKey = (id: number) => [...tutorsKey, 'tutor', id] as const;

/** Only the filters that are set, so the URL stays short and the cache key stable. */
const compact = (filter: TutorFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as TutorFilter;

export const fetchTutorsPage = (group: TutorGroup, filter: TutorFilter, page: number, size: number) =>
  api.callRoute(LISTS[group], { query: { ...compact(filter), page, size } });

export function useTutors(group: TutorGroup, filter: TutorFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...tutorsKey, 'list', group, compact(filter), page, size],
    queryFn: () => fetchTutorsPage(group, filter, page, size),
    placeholderData: keepPreviousData,
  });
}

export function useStaffTutor(id: number) {
  return useQuery({
    queryKey: tutorKey(id),
    queryFn: () => api.callRoute(staffTutorsContract.get, { params: { tutorId: id } }),
  });
}

export function useTutorBalance(id: number) {
  return useQuery({
    queryKey: [...tutorKey(id), 'balance'],
    queryFn: () => api.callRoute(invoicesContract.stats, { params: { id } }),
  });
}

export function useTutorStats(id: number) {
  return useQuery({
    queryKey: [...tutorKey(id), 'stats'],
    queryFn: () => api.callRoute(tutorsContract.stats, { params: { id } }),
  });
}

export function useTutorActivity(id: number) {
  return useQuery({
    queryKey: [...tutorKey(id), 'activity'],
    queryFn: () => api.callRoute(tutorsContract.activity, { params: { id }, query: {} }),
  });
}

export function useTutorRatings(id: number, page: number, size: number) {
  return useQuery({
    queryKey: [...tutorKey(id), 'ratings', page, size],
    queryFn: () => api.callRoute(ratingsContract.listForTutor, { params: { id }, query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}

/** A staff change of a tutor: the tutor, the lists and the audit log read again. */
function useTutorChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tutorsKey });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'users'] });
    },
  });
}

export const useUpdateTerms = (id: number) =>
  useTutorChange((body: TutorTermsInput) =>
    api.callRoute(staffTutorsContract.updateTerms, { params: { tutorId: id }, body }),
  );

export const useSetActivated = (id: number) =>
  useTutorChange((body: TutorActivationInput) =>
    api.callRoute(staffTutorsContract.setActivated, { params: { tutorId: id }, body }),
  );
