import { overviewContract } from '@darsak/domain/overview';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The operator's figures; read when the page opens and on demand (they are a morning view, not a live feed). */
export function useOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'overview'],
    queryFn: () => api.callRoute(overviewContract.get, {}),
    enabled,
  });
}
