import { type InviteInput, type InviteState, invitesContract } from '@darsak/domain/invites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface InviteFilter {
  state?: InviteState | undefined;
  q?: string | undefined;
}

const invitesKey = ['staff', 'invites'] as const;

export const fetchInvitesPage = (filter: InviteFilter, page: number, size: number) =>
  api.callRoute(invitesContract.list, {
    query: { ...(filter.state ? { state: filter.state } : {}), ...(filter.q ? { q: filter.q } : {}), page, size },
  });

export function useInvites(filter: InviteFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...invitesKey, filter, page, size],
    queryFn: () => fetchInvitesPage(filter, page, size),
    placeholderData: keepPreviousData,
  });
}

function useInviteMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export const useCreateInvite = () =>
  useInviteMutation((body: InviteInput) => api.callRoute(invitesContract.create, { body }));

export const useResendInvite = () =>
  useInviteMutation((id: number) => api.callRoute(invitesContract.update, { params: { id }, body: {} }));

export const useRevokeInvite = () =>
  useInviteMutation((id: number) => api.callRoute(invitesContract.revoke, { params: { id } }));
