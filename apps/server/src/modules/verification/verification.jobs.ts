import type { JobQueue } from '../../platform/jobs/queue.ts';
import { PASSWORD_CODE_JOB, type VerificationService } from './verification.service.ts';

/** The password-reset code of a forgot-password request, issued out of the request (see sendPasswordCode). */
export function defineVerificationJobs(queue: Pick<JobQueue, 'define'>, verification: VerificationService) {
  queue.define<{ email: string }>({
    name: PASSWORD_CODE_JOB,
    retryLimit: 2,
    handler: (data) => verification.deliverPasswordCode(data),
  });
}
