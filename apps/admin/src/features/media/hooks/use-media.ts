import { onboardingKeys } from '@darsak/client';
import { type IntroVideo, introVideoContract, onboardingContract } from '@darsak/domain/interviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type IntroVideoStatus = IntroVideo['status'];
export type StudioStatus = 'waiting' | 'done';

/** One page of intro videos (pending first), under the onboarding keys so realtime changes refresh it. */
export const useIntroVideos = (
  { status, q }: { status: IntroVideoStatus | undefined; q: string | undefined },
  page: number,
  size: number,
) =>
  useQuery({
    queryKey: [...onboardingKeys.introVideos(status), q, page, size],
    queryFn: ({ signal }) => api.callRoute(introVideoContract.list, { query: { status, q, page, size }, signal }),
    placeholderData: keepPreviousData,
  });

/** Accept, or reject with the reason the applicant receives; every onboarding list reads again. */
export function useReviewIntroVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      api.callRoute(introVideoContract.review, {
        params: { id },
        body: reason === undefined ? { status: 'accepted' } : { status: 'rejected', reason },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}

/** One page of the studio's tutors with their media (their photo session waiting or done). */
export const useStudioMedia = (
  { status, q }: { status: StudioStatus; q: string | undefined },
  page: number,
  size: number,
) =>
  useQuery({
    queryKey: [...onboardingKeys.studioTutors(status), q, page, size],
    queryFn: ({ signal }) =>
      api.callRoute(onboardingContract.studioTutors, { query: { status, q, page, size }, signal }),
    placeholderData: keepPreviousData,
  });
