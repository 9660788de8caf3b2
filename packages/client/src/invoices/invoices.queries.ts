import type { EarningsQuery, InvoiceListQuery } from '@darsak/domain/invoices';
import { invoicesContract, withdrawMethodsContract } from '@darsak/domain/invoices';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const invoicesKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoicesKeys.all, 'list'] as const,
  list: (query: InvoiceListQuery) => [...invoicesKeys.lists(), query] as const,
  balance: (tutorId: number) => [...invoicesKeys.all, 'balance', tutorId] as const,
  earnings: (query: EarningsQuery) => [...invoicesKeys.all, 'earnings', query] as const,
  methods: () => [...invoicesKeys.all, 'methods'] as const,
  receipt: (url: string) => [...invoicesKeys.all, 'receipt', url] as const,
};

/** Withdrawal requests: a tutor's own, or (admins) the queue with its filters. */
export const invoicesQuery = (http: HttpClient, query: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoicesKeys.list(query),
    queryFn: ({ signal }) => http.callRoute(invoicesContract.list, { query, signal }),
  });

/** A tutor's balance and weekly earnings (GET /api/v1/invoice/stats/{id}). */
export const balanceQuery = (http: HttpClient, tutorId: number) =>
  queryOptions({
    queryKey: invoicesKeys.balance(tutorId),
    queryFn: ({ signal }) => http.callRoute(invoicesContract.stats, { params: { id: tutorId }, signal }),
  });

/** The fulfilled lessons behind a balance, by month. */
export const earningsQuery = (http: HttpClient, query: EarningsQuery) =>
  queryOptions({
    queryKey: invoicesKeys.earnings(query),
    queryFn: ({ signal }) => http.callRoute(invoicesContract.earnings, { query, signal }),
  });

export const withdrawMethodsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: invoicesKeys.methods(),
    queryFn: ({ signal }) => http.callRoute(withdrawMethodsContract.list, { signal }),
  });

/** A private receipt image as an object URL the page can show (receipts need the bearer token). */
export const receiptQuery = (http: HttpClient, url: string) =>
  queryOptions({
    queryKey: invoicesKeys.receipt(url),
    queryFn: async ({ signal }) => URL.createObjectURL(await http.blob(url, signal)),
    staleTime: Number.POSITIVE_INFINITY,
  });
