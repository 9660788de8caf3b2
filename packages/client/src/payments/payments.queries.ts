import { paymentsContract, transactionsContract } from '@darsak/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const paymentsKeys = {
  all: ['payments'] as const,
  list: (query: { page: number; size: number }) => [...paymentsKeys.all, 'list', query] as const,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  transaction: (id: number) => [...paymentsKeys.all, 'transaction', id] as const,
  cards: () => [...paymentsKeys.all, 'cards'] as const,
};

/** The student's payments, newest first. */
export const transactionsQuery = (http: HttpClient, query: { page: number; size: number }) =>
  queryOptions({
    queryKey: paymentsKeys.list(query),
    queryFn: ({ signal }) => http.callRoute(transactionsContract.list, { query, signal }),
  });

/** A payment's status as last known (GET /api/v1/fawry/payment-status). */
export const transactionQuery = (http: HttpClient, transactionId: number) =>
  queryOptions({
    queryKey: paymentsKeys.transaction(transactionId),
    queryFn: ({ signal }) => http.callRoute(paymentsContract.paymentStatus, { query: { transactionId }, signal }),
  });

/** The student's saved cards (the provider's card-token list). */
export const savedCardsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: paymentsKeys.cards(),
    queryFn: ({ signal }) => http.callRoute(paymentsContract.cardTokenList, { signal }),
  });
