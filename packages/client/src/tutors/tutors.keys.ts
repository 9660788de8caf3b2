import type { TutorListQuery } from '@darsak/domain/tutors';

/** The filters of /tutors: everything of the list query but the page. */
export type TutorListFilters = Omit<Partial<TutorListQuery>, 'page' | 'size'>;

/** Query keys of tutors (lists, profiles, stats): apart from the queries, so a frame that only invalidates them loads no contract (nor zod). */
export const tutorsKeys = {
  all: ['tutors'] as const,
  lists: () => [...tutorsKeys.all, 'list'] as const,
  list: (filters: TutorListFilters) => [...tutorsKeys.lists(), filters] as const,
  info: (id: number) => [...tutorsKeys.all, 'info', id] as const,
  stats: () => [...tutorsKeys.all, 'stats'] as const,
  tutorStats: () => [...tutorsKeys.stats(), 'tutor', 'me'] as const,
  studentStats: () => [...tutorsKeys.stats(), 'student', 'me'] as const,
  tutoringMinutes: () => [...tutorsKeys.stats(), 'tutoring-minutes'] as const,
};
