import { ratingsKeys, tutorsKeys } from '@darsak/client';
import { type CreateRatingInput, ratingsContract, type UpdateRatingInput } from '@darsak/domain/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** After a rating changes: the tutor's reviews, rating and place in the rating-sorted list. */
function useInvalidateRatings() {
  const queryClient = useQueryClient();
  return (tutorId: number) => {
    void queryClient.invalidateQueries({ queryKey: ratingsKeys.all });
    void queryClient.invalidateQueries({ queryKey: tutorsKeys.info(tutorId) });
    void queryClient.invalidateQueries({ queryKey: tutorsKeys.lists() });
  };
}

export function useCreateRating(tutorId: number) {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: (body: CreateRatingInput) => api.callRoute(ratingsContract.create, { body }),
    onSuccess: () => invalidate(tutorId),
  });
}

export function useUpdateRating(tutorId: number) {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRatingInput }) =>
      api.callRoute(ratingsContract.update, { params: { id }, body }),
    onSuccess: () => invalidate(tutorId),
  });
}

/** Deletes the student's own rating; the tutor's reviews and rating are read again. */
export function useDeleteRating(tutorId: number) {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: (id: number) => api.callRoute(ratingsContract.remove, { params: { id } }),
    onSuccess: () => invalidate(tutorId),
  });
}
