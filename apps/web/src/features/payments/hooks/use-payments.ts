import { paymentsKeys } from '@darsak/client';
import { paymentsContract, transactionsContract } from '@darsak/domain/payments';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

export const PAYMENTS_PAGE_SIZE = 10;

/** The student's payments, newest first, page by page; refreshed when a payment changes state in realtime. */
export function usePaymentsHistory() {
  const queryClient = useQueryClient();
  useRealtimeEvent('transaction:status', () => void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() }));
  return useInfiniteQuery({
    queryKey: [...paymentsKeys.lists(), 'infinite'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.callRoute(transactionsContract.list, { query: { page: pageParam, size: PAYMENTS_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) =>
      pages.reduce((n, page) => n + page.list.length, 0) < last.total ? pages.length + 1 : undefined,
  });
}

/** Cancels a pending payment (the provider's unpaid order too); the payment and the lists are refreshed. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      api.callRoute(paymentsContract.cancelUnpaidOrder, { body: { transactionId } }),
    onSuccess: (transaction) => {
      queryClient.setQueryData(paymentsKeys.transaction(transaction.id), transaction);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() });
    },
  });
}
