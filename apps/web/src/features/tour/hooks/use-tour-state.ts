import { studentsContract, type TourState } from '@darsak/domain/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const tourKey = ['tour'] as const;

/** Whether the signed-in student has taken the tour (asked only for students). */
export const useTourState = (enabled: boolean) =>
  useQuery({
    queryKey: tourKey,
    queryFn: ({ signal }) => api.callRoute(studentsContract.tour, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Records the tour as taken (finished or skipped) so it does not open by itself again, on any device. */
export function useCompleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.callRoute(studentsContract.completeTour, {}),
    onSuccess: (state: TourState) => queryClient.setQueryData(tourKey, state),
  });
}
