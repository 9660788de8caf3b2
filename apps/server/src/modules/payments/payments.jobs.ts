import type { JobQueue } from '../../platform/jobs/queue.ts';
import { REFUND_JOB, type RefundJob } from './payments.refunds.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Payment jobs: every few minutes ask the providers about pending payments and expire the overdue ones; refunds
 * requested by cancellations and duplicate payments run (and retry) until the provider confirms them.
 */
export function definePaymentJobs(queue: Pick<JobQueue, 'define'>, payments: PaymentsService) {
  queue.define({
    name: 'payments.sync-pending',
    cron: '*/5 * * * *',
    policy: 'short',
    handler: async () => void (await payments.syncPending()),
  });
  queue.define({
    name: 'payments.expire-overdue',
    cron: '*/5 * * * *',
    policy: 'short',
    handler: async () => void (await payments.expireOverdue()),
  });
  queue.define({
    name: 'payments.auto-renewal',
    cron: '*/10 * * * *',
    policy: 'short',
    handler: async () => void (await payments.chargeDue()),
  });
  queue.define<RefundJob>({
    name: REFUND_JOB,
    retryLimit: 10,
    handler: (job) => payments.runRefundJob(job),
  });
}
