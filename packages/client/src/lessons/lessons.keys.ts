import type { LessonListQuery } from '@darsak/domain/lessons';

export type LessonListFilter = Omit<Partial<LessonListQuery>, 'page'>;

/** Query keys of the caller's lessons: apart from the queries, so a frame that only invalidates them loads no contract (nor zod). */
export const lessonsKeys = {
  all: ['lessons'] as const,
  lists: () => [...lessonsKeys.all, 'list'] as const,
  list: (filter: LessonListFilter) => [...lessonsKeys.lists(), filter] as const,
  infinite: (filter: LessonListFilter) => [...lessonsKeys.lists(), 'infinite', filter] as const,
  detail: (id: number) => [...lessonsKeys.all, 'detail', id] as const,
  attendedStats: () => [...lessonsKeys.all, 'attended-stats'] as const,
  calendarLink: () => [...lessonsKeys.all, 'calendar-link'] as const,
};
