import type { FreeTimesQuery } from '@darsak/domain/availability';

export type FreeTimesFilter = Pick<FreeTimesQuery, 'tutorId' | 'durationMinutes'> &
  Partial<Pick<FreeTimesQuery, 'movingLessonId'>>;

/** Query keys of tutors' weekly schedules and free times: apart from the queries, so a frame that only invalidates them loads no contract (nor zod). */
export const availabilityKeys = {
  all: ['availability'] as const,
  slots: (tutorId: number | 'me') => [...availabilityKeys.all, 'slots', tutorId] as const,
  free: () => [...availabilityKeys.all, 'free'] as const,
  freeFor: (filter: FreeTimesFilter) => [...availabilityKeys.free(), filter] as const,
};
