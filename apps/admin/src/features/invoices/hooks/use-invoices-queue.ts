import { invoicesKeys, invoicesQuery, type SocketFactory } from '@darsak/client';
import { type InvoiceActionInput, type InvoiceListQuery, invoicesContract } from '@darsak/domain/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchAllPages } from '../../../lib/csv.ts';
import { createStaffChannel } from '../../../lib/staff-channel.ts';

export const QUEUE_PAGE_SIZE = 20;

/** The admin app's socket, opened while the queue is on screen; it follows the admin-invoices channel. */
const adminInvoices = createStaffChannel('admin-invoices');

/** Tests put a fake server's socket factory here. */
export const setQueueSocketFactory = (factory: SocketFactory): void => adminInvoices.setSocketFactory(factory);

/** New and changed requests refresh the queue as they happen (and after a reconnection, anything missed). */
export function useQueueLive() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all });
  adminInvoices.useFollow(refresh);
  adminInvoices.useRealtimeEvent('invoice:updated', refresh);
  adminInvoices.useRealtimeEvent('invoice:deleted', refresh);
}

export const useInvoicesQueue = (query: InvoiceListQuery) =>
  useQuery({ ...invoicesQuery(api, query), placeholderData: keepPreviousData });

/** Every request of a period, all pages, for the accounting export. */
export const allInvoices = (query: Omit<InvoiceListQuery, 'page' | 'size'>) =>
  fetchAllPages((page, size) => api.callRoute(invoicesContract.list, { query: { ...query, page, size } }));

/** Refreshes the queue after a decision, refused ones too: a refusal means the request changed meanwhile. */
function useQueueMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: invoicesKeys.all }),
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
