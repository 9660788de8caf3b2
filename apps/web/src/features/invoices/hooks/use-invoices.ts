import { balanceQuery, earningsQuery, invoicesKeys, invoicesQuery, withdrawMethodsQuery } from '@darsak/client';
import {
  type CreateInvoiceInput,
  invoicesContract,
  type UpdateInvoiceInput,
  type WithdrawMethodInput,
  withdrawMethodsContract,
} from '@darsak/domain/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

/** Every change of a request (by the tutor elsewhere, or by staff) refreshes the balance and the lists. */
export function useInvoicesLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all });
  useRealtimeEvent('invoice:updated', refresh);
  useRealtimeEvent('invoice:deleted', refresh);
}

export const useBalance = (tutorId: number) => useQuery(balanceQuery(api, tutorId));
export const useMyRequests = (page: number, size: number) => useQuery(invoicesQuery(api, { page, size }));
export const useEarnings = (month: string | undefined, page: number, size: number) =>
  useQuery(earningsQuery(api, { page, size, ...(month ? { month } : {}) }));
export const useWithdrawMethods = () => useQuery(withdrawMethodsQuery(api));

/** A mutation that refreshes everything the earnings page shows once it succeeds. */
function useInvoicesMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all }),
  });
}

export const useSaveMethod = () =>
  useInvoicesMutation(({ id, body }: { id?: number; body: WithdrawMethodInput }) =>
    id === undefined
      ? api.callRoute(withdrawMethodsContract.create, { body })
      : api.callRoute(withdrawMethodsContract.update, { params: { id }, body }),
  );

export const useRemoveMethod = () =>
  useInvoicesMutation((id: number) => api.callRoute(withdrawMethodsContract.remove, { params: { id } }));

export const useRequestWithdrawal = () =>
  useInvoicesMutation((body: CreateInvoiceInput) => api.callRoute(invoicesContract.create, { body }));

export const useEditWithdrawal = () =>
  useInvoicesMutation(({ id, body }: { id: number; body: UpdateInvoiceInput }) =>
    api.callRoute(invoicesContract.update, { params: { id }, body }),
  );

export const useCancelWithdrawal = () =>
  useInvoicesMutation((id: number) => api.callRoute(invoicesContract.cancel, { params: { id } }));
