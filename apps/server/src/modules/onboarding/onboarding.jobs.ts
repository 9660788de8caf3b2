import type { JobQueue } from '../../platform/jobs/queue.ts';
import { ONBOARDING_JOBS } from './onboarding.records.ts';
import type { AppointmentKind } from './onboarding.repo.ts';
import type { OnboardingService } from './onboarding.service.ts';

/**
 * Each booking enlists, in its transaction, a reminder a day and an hour before and the no-show check after the
 * grace minutes (one job per key). Handlers re-read the appointment, so a cancelled or decided one stays quiet.
 */
export function defineOnboardingJobs(queue: Pick<JobQueue, 'define'>, onboarding: OnboardingService) {
  queue.define<{ kind: AppointmentKind; id: number; reminder: string }>({
    name: ONBOARDING_JOBS.reminder,
    policy: 'short',
    handler: ({ kind, id, reminder }) => onboarding.remind(kind, id, reminder),
  });
  queue.define<{ kind: AppointmentKind; id: number }>({
    name: ONBOARDING_JOBS.noShow,
    policy: 'short',
    handler: ({ kind, id }) => onboarding.markNoShow(kind, id),
  });
}
