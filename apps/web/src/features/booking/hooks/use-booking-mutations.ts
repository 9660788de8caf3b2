import { availabilityKeys, lessonsKeys, subscriptionsKeys, tutorsKeys } from '@darsak/client';
import { type BookLessonInput, lessonsContract, type RebookLessonInput } from '@darsak/domain/lessons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** What a booked or moved lesson changes: lessons, free times, the tutor's next free time, the week's minutes. */
export function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lessonsKeys.all });
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.free() });
    void queryClient.invalidateQueries({ queryKey: tutorsKeys.all });
    void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
  };
}

export function useBookLesson() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: BookLessonInput) => api.callRoute(lessonsContract.book, { body }),
    onSettled: invalidate,
  });
}

export function useRebookLesson() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (body: RebookLessonInput) => api.callRoute(lessonsContract.rebook, { body }),
    onSettled: invalidate,
  });
}
