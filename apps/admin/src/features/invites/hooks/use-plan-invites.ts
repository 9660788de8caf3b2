import { planInvitesQuery, plansKeys, plansQuery } from '@darsak/client';
import { planInvitesContract } from '@darsak/domain/plans';
import { usersContract } from '@darsak/domain/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const INVITES_PAGE_SIZE = 20;

export function usePlanInvites(page: number, planId: number | undefined) {
  return useQuery({
    ...planInvitesQuery(api, { page, size: INVITES_PAGE_SIZE, ...(planId ? { planId } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function usePlans() {
  return useQuery({ ...plansQuery(api), select: (page) => page.list });
}

/** Students whose name, e-mail or phone matches (two characters at least). */
export function useStudentSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['users', 'search', 'students', query],
    queryFn: ({ signal }) =>
      api.callRoute(usersContract.list, { query: { role: 4, q: query, page: 1, size: 8 }, signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { planId: number; userId: number }) => api.callRoute(planInvitesContract.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...plansKeys.all, 'invites'] }),
  });
}

/** Moves an invite to another plan (PATCH /api/v1/plan-invite). */
export function useMoveInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; planId: number }) => api.callRoute(planInvitesContract.update, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...plansKeys.all, 'invites'] }),
  });
}

export function useRemoveInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.callRoute(planInvitesContract.remove, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...plansKeys.all, 'invites'] }),
  });
}
