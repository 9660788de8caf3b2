import { receiptQuery, type SocketFactory } from '@darsak/client';
import type { ReportEventPayload } from '@darsak/domain/realtime';
import { type ReportListQuery, type ReportUpdateInput, reportsContract } from '@darsak/domain/reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { compactFilter } from '../../../lib/compact-filter.ts';
import { createStaffChannel } from '../../../lib/staff-channel.ts';

export type ReportFilter = Omit<ReportListQuery, 'page' | 'size'>;

const reportsKey = ['staff', 'reports'] as const;
const reportKey = (id: number) => [...reportsKey, 'one', id] as const;

export const fetchReportsPage = (filter: ReportFilter, page: number, size: number) =>
  api.callRoute(reportsContract.list, { query: { ...compactFilter(filter), page, size } });

export function useReports(filter: ReportFilter, page: number, size: number) {
  return useQuery({
    queryKey: [...reportsKey, 'list', compactFilter(filter), page, size],
    queryFn: () => fetchReportsPage(filter, page, size),
    placeholderData: keepPreviousData,
  });
}

/** The reports page's socket, open while it is on screen; it follows the `reports` channel. */
const reportsChannel = createStaffChannel('reports');

/** Tests put a fake server's socket factory here. */
export const setReportsSocketFactory = (factory: SocketFactory): void => reportsChannel.setSocketFactory(factory);

export type ReportChange = { kind: 'created' | 'updated' } & ReportEventPayload;

/**
 * Reports filed or moved by anyone refresh the lists and pages as they happen (and after a reconnection, anything
 * missed); `onChange` hears each one.
 */
export function useReportsLive(onChange: (change: ReportChange) => void) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reportsKey });
  reportsChannel.useFollow(refresh);
  reportsChannel.useRealtimeEvent('report:created', (report) => {
    refresh();
    onChange({ kind: 'created', ...report });
  });
  reportsChannel.useRealtimeEvent('report:updated', (report) => {
    refresh();
    onChange({ kind: 'updated', ...report });
  });
}

export function useReport(id: number) {
  return useQuery({ queryKey: reportKey(id), queryFn: () => api.callRoute(reportsContract.get, { params: { id } }) });
}

/** A report's private screenshot, fetched with the staff member's token, as an object URL. */
export const usePrivateImage = (url: string | null) =>
  useQuery({ ...receiptQuery(api, url ?? ''), enabled: url !== null });

/** A report's private log as text. */
export function usePrivateText(url: string | null) {
  return useQuery({
    queryKey: [...reportsKey, 'file', url],
    queryFn: async ({ signal }) => (await api.blob(url ?? '', signal)).text(),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An admin moves the report; the page and the lists read again. */
export function useUpdateReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportUpdateInput) => api.callRoute(reportsContract.update, { params: { id }, body }),
    onSuccess: (report) => {
      queryClient.setQueryData(reportKey(id), report);
      void queryClient.invalidateQueries({ queryKey: [...reportsKey, 'list'] });
    },
  });
}
