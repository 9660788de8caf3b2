import type { ReminderKey } from '@darsak/domain/lessons';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { LESSON_JOBS, type LessonLifecycle } from './lessons.lifecycle.ts';

/**
 * The lesson lifecycle on the durable queue: each booking enlists its start, end and reminder jobs in its
 * transaction (one per key); a cron catches up any lesson whose own job was lost, and one every minute ends the
 * lessons whose call has been down too long. Every handler is idempotent.
 */
export function defineLessonJobs(queue: Pick<JobQueue, 'define'>, lessons: LessonLifecycle) {
  queue.define<{ lessonId: number }>({
    name: LESSON_JOBS.start,
    policy: 'short',
    handler: ({ lessonId }) => lessons.startLesson(lessonId),
  });
  queue.define<{ lessonId: number }>({
    name: LESSON_JOBS.end,
    policy: 'short',
    handler: ({ lessonId }) => lessons.endLesson(lessonId),
  });
  queue.define<{ lessonId: number; reminder: ReminderKey }>({
    name: LESSON_JOBS.reminder,
    policy: 'short',
    handler: ({ lessonId, reminder }) => lessons.remind(lessonId, reminder),
  });
  queue.define<Record<string, never>>({
    name: LESSON_JOBS.endDropped,
    cron: '* * * * *',
    policy: 'short',
    handler: () => lessons.endDroppedLessons(),
  });
  queue.define<Record<string, never>>({
    name: LESSON_JOBS.catchUp,
    cron: '*/5 * * * *',
    policy: 'short',
    handler: () => lessons.catchUp(),
  });
}
