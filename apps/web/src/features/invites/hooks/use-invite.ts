import { type AcceptInviteInput, invitesContract } from '@darsak/domain/invites';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: ['invite', token],
    queryFn: () => api.callRoute(invitesContract.preview, { params: { token } }),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInviteInput) => api.callRoute(invitesContract.accept, { params: { token }, body }),
  });
}
