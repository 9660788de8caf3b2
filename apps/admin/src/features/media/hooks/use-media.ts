import { onboardingKeys } from '@darsak/client';
import { type IntroVideo, introVideoContract, onboardingContract } from '@darsak/domain/interviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type IntroVideoStatus = IntroVideo['status'];
export type StudioStatus = 'waiting' | 'done';

export interface IntroVideoFilter {
  status: IntroVideoStatus | undefined;
  q: string | undefined;
}
export interface StudioFilter {
  status: StudioStatus;
  q: string | undefined;
}

/** One page of intro videos, pending first: what the queue shows and what its CSV export walks through. */
export const fetchIntroVideosPage = (filter: IntroVideoFilter, page: number, size: number, signal?: AbortSignal) =>
  api.callRoute(introVideoContract.list, { query: { ...filter, page, size }, signal });

/** One page of the studio's tutors with their media (their photo session waiting or done). */
export const fetchStudioPage = (filter: StudioFilter, page: number, size: number, signal?: AbortSignal) =>
  api.callRoute(onboardingContract.studioTutors, { query: { ...filter, page, size }, signal });

/** Under the onboarding keys so realtime changes refresh it. */
export const useIntroVideos = (filter: IntroVideoFilter, page: number, size: number) =>
  useQuery({
    queryKey: [...onboardingKeys.introVideos(filter.status), filter.q, page, size],
    queryFn: ({ signal }) => fetchIntroVideosPage(filter, page, size, signal),
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

export const useStudioMedia = (filter: StudioFilter, page: number, size: number) =>
  useQuery({
    queryKey: [...onboardingKeys.studioTutors(filter.status), filter.q, page, size],
    queryFn: ({ signal }) => fetchStudioPage(filter, page, size, signal),
    placeholderData: keepPreviousData,
  });
