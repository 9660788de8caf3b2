import { freeTimesQuery } from '@darsak/client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The really free times of a tutor for both lesson lengths (the date step needs to know both). */
export function useFreeTimes(tutorId: number, enabled: boolean, movingLessonId?: number) {
  const moving = movingLessonId ? { movingLessonId } : {};
  const short = useQuery({ ...freeTimesQuery(api, { tutorId, durationMinutes: 15, ...moving }), enabled });
  const long = useQuery({ ...freeTimesQuery(api, { tutorId, durationMinutes: 30, ...moving }), enabled });
  return {
    byDuration: { 15: short.data, 30: long.data } as const,
    isPending: short.isPending || long.isPending,
    error: short.error ?? long.error,
    isFetching: short.isFetching || long.isFetching,
    refetch: () => Promise.all([short.refetch(), long.refetch()]),
  };
}
