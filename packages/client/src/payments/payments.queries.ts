import { buildPath } from '@darsak/domain/contract';
import {
  paymentsContract,
  type ReceiptLanguage,
  receiptFileName,
  type Transaction,
  transactionsContract,
} from '@darsak/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../errors.ts';
import type { HttpClient } from '../http.ts';

export const paymentsKeys = {
  all: ['payments'] as const,
  list: (query: { page: number; size: number }) => [...paymentsKeys.all, 'list', query] as const,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  transaction: (id: number) => [...paymentsKeys.all, 'transaction', id] as const,
  /** A payment's own page (GET /tx/:id), apart from the status the checkout watches. */
  detail: (id: number) => [...paymentsKeys.all, 'detail', id] as const,
  last: () => [...paymentsKeys.all, 'last'] as const,
  cards: () => [...paymentsKeys.all, 'cards'] as const,
  autoRenewal: () => [...paymentsKeys.all, 'auto-renewal'] as const,
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

/** A payment as its own page shows it (GET /api/v1/tx/:id). */
export const transactionDetailQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: paymentsKeys.detail(id),
    queryFn: ({ signal }) => http.callRoute(transactionsContract.get, { params: { id }, signal }),
  });

/**
 * The student's latest payment (GET /api/v1/tx/last), or null before the first: the checkout offers to resume it
 * while it is still open.
 */
export const lastTransactionQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: paymentsKeys.last(),
    queryFn: async ({ signal }) => {
      try {
        return await http.callRoute(transactionsContract.last, { signal });
      } catch (error) {
        if (isApiError(error, 'transaction-not-found')) return null;
        throw error;
      }
    },
  });

/** The student's saved cards (the provider's card-token list). */
export const savedCardsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: paymentsKeys.cards(),
    queryFn: ({ signal }) => http.callRoute(paymentsContract.cardTokenList, { signal }),
  });

/** The student's automatic renewal with a saved card (null: off, the default). */
export const autoRenewalQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: paymentsKeys.autoRenewal(),
    queryFn: ({ signal }) => http.callRoute(paymentsContract.autoRenewal, { signal }),
  });

/**
 * A paid payment's receipt (a PDF) and the name it is saved under, for its buyer or staff: fetched with the session's
 * bearer token, which a bare link would not carry.
 */
export async function fetchReceipt(
  http: HttpClient,
  transaction: Pick<Transaction, 'id' | 'receiptNumber'>,
  lang: ReceiptLanguage,
): Promise<{ fileName: string; file: Blob }> {
  const path = `${buildPath(transactionsContract.receipt.path, { id: transaction.id })}?lang=${lang}`;
  const file = await http.blob(path);
  return { fileName: receiptFileName(transaction.receiptNumber ?? String(transaction.id), lang), file };
}
