import { lessonsQuery } from '@darsak/client';
import { LessonStatus, type LessonView } from '@darsak/domain/lessons';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The student's pending lesson, if any: a student holds one at a time (`reached-booking-limit`), so the booking
 * dialog tells it as it opens rather than at the last step.
 */
export function usePendingLesson(enabled: boolean): { lesson: LessonView | null; isPending: boolean } {
  const pending = useQuery({
    ...lessonsQuery(api, { when: 'upcoming', status: LessonStatus.pending, size: 1 }),
    enabled,
  });
  return { lesson: pending.data?.list[0] ?? null, isPending: enabled && pending.isPending };
}
