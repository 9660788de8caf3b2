import {
  createRealtimeClient,
  createRealtimeHooks,
  defaultSocketFactory,
  invoicesKeys,
  invoicesQuery,
  type SocketFactory,
} from '@darsak/client';
import { type InvoiceActionInput, type InvoiceListQuery, invoicesContract } from '@darsak/domain/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL } from '../../../config/env.ts';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';

export const QUEUE_PAGE_SIZE = 20;

/** The admin app's socket, opened while the queue is on screen; it follows the admin-invoices channel. */
let socketFactory: SocketFactory = defaultSocketFactory;
const realtime = createRealtimeClient({ url: API_URL, createSocket: (url, options) => socketFactory(url, options) });

/** Tests put a fake server's socket factory here. */
export function setQueueSocketFactory(factory: SocketFactory): void {
  socketFactory = factory;
  realtime.setToken(null);
}
const { useRealtimeEvent, useRealtimeConnect } = createRealtimeHooks(realtime);
const followChannel = () => void realtime.request('channel:subscribe', { channel: 'admin-invoices' });

/** New and changed requests refresh the queue as they happen (and after a reconnection, anything missed). */
export function useQueueLive() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all });
  useEffect(() => {
    realtime.setToken(token);
    followChannel();
    return () => realtime.setToken(null);
  }, [token]);
  useRealtimeConnect(() => {
    followChannel();
    refresh();
  });
  useRealtimeEvent('invoice:updated', refresh);
  useRealtimeEvent('invoice:deleted', refresh);
}

export const useInvoicesQueue = (query: InvoiceListQuery) =>
  useQuery({ ...invoicesQuery(api, query), placeholderData: keepPreviousData });

/** Every request of a period, all pages, for the accounting export. */
export async function allInvoices(query: Omit<InvoiceListQuery, 'page' | 'size'>) {
  const rows = [];
  for (let page = 1; ; page++) {
    const { list, total } = await api.callRoute(invoicesContract.list, { query: { ...query, page, size: 100 } });
    rows.push(...list);
    if (rows.length >= total || list.length === 0) return rows;
  }
}

function useQueueMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all }),
  });
}

export const useInvoiceAction = () =>
  useQueueMutation(({ id, body }: { id: number; body: InvoiceActionInput }) =>
    api.callRoute(invoicesContract.act, { params: { id }, body }),
  );

export const useInvoiceNote = () =>
  useQueueMutation(({ id, note }: { id: number; note: string | null }) =>
    api.callRoute(invoicesContract.note, { params: { id }, body: { note } }),
  );

/** Marks a request fulfilled with its receipt, telling `onProgress` how much of the image went up. */
export const useFulfil = () =>
  useQueueMutation(({ id, file, onProgress }: { id: number; file: File; onProgress: (fraction: number) => void }) => {
    const body = new FormData();
    body.append('receipt', file);
    return api.callRoute(invoicesContract.fulfil, { params: { id }, body, onUploadProgress: onProgress });
  });
