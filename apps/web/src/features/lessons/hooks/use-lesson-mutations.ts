import { availabilityKeys, lessonsKeys, subscriptionsKeys, tutorsKeys } from '@darsak/client';
import { lessonsContract } from '@darsak/domain/lessons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Cancels a lesson; its minutes go back to the week and its time to the tutor. */
export function useCancelLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.callRoute(lessonsContract.cancel, { params: { id } }),
    onSuccess: (lesson) => queryClient.setQueryData(lessonsKeys.detail(lesson.id), lesson),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lessonsKeys.all });
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.free() });
      void queryClient.invalidateQueries({ queryKey: tutorsKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}
