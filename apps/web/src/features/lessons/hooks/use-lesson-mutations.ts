import { availabilityKeys, lessonsKeys, subscriptionsKeys, tutorsKeys } from '@darsak/client';
import { type LessonView, lessonsContract } from '@darsak/domain/lessons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Ends a lesson early (cancelled or the tutor's no-show): its minutes go back to the week, its time to the tutor. */
function useEndLesson(end: (id: number) => Promise<LessonView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: end,
    onSuccess: (lesson) => queryClient.setQueryData(lessonsKeys.detail(lesson.id), lesson),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: lessonsKeys.all });
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.free() });
      void queryClient.invalidateQueries({ queryKey: tutorsKeys.all });
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    },
  });
}

export const useCancelLesson = () => useEndLesson((id) => api.callRoute(lessonsContract.cancel, { params: { id } }));

/** The student ends a lesson the tutor has not joined within the grace minutes ("tutor did not attend"). */
export const useEndAsTutorAbsent = () =>
  useEndLesson((id) => api.callRoute(lessonsContract.endAsTutorAbsent, { params: { id } }));
