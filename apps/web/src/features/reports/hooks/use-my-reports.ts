import { reportsContract } from '@darsak/domain/reports';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

export const myReportsKey = ['reports', 'mine'] as const;

/** The user's own reports, newest first; staff moving one (resolving it) refreshes the list live. */
export function useMyReports(page: number, size: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('report:updated', () => void queryClient.invalidateQueries({ queryKey: myReportsKey }));
  return useQuery({
    queryKey: [...myReportsKey, page, size],
    queryFn: () => api.callRoute(reportsContract.list, { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
}
