import { fetchReceipt, paymentsKeys, transactionDetailQuery } from '@darsak/client';
import {
  paymentsContract,
  type ReceiptLanguage,
  type Transaction,
  transactionsContract,
} from '@darsak/domain/payments';
import { downloadBlob } from '@darsak/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One payment for its own page; read again when its status changes in realtime. */
export function usePayment(id: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('transaction:status', (payload) => {
    if (payload.transactionId === id) void queryClient.invalidateQueries({ queryKey: paymentsKeys.detail(id) });
  });
  return useQuery(transactionDetailQuery(api, id));
}

/**
 * Cancels a pending payment (the provider's unpaid order too); the payment wherever it is shown (its status, its
 * page, the latest payment) takes the answer, and the lists are refreshed.
 */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      api.callRoute(paymentsContract.cancelUnpaidOrder, { body: { transactionId } }),
    onSuccess: (transaction) => {
      queryClient.setQueryData(paymentsKeys.transaction(transaction.id), transaction);
      queryClient.setQueryData(paymentsKeys.detail(transaction.id), transaction);
      queryClient.setQueryData<Transaction | null>(paymentsKeys.last(), (last) =>
        last?.id === transaction.id ? transaction : last,
      );
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() });
    },
  });
}

/** Downloads a paid payment's receipt (a PDF), offered to the browser under its own name. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async ({ transaction, lang }: { transaction: Transaction; lang: ReceiptLanguage }) => {
      const { fileName, file } = await fetchReceipt(api, transaction, lang);
      downloadBlob(fileName, file);
    },
  });
}
