import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { SubscriptionRenewals } from './subscriptions.renewal.ts';
import { END_NOTICE_JOB, type SubscriptionsService } from './subscriptions.service.ts';

/**
 * Subscription jobs: a sweep that ends subscriptions whose period is over (and starts the next periods paid in
 * advance), and the notice before the end that
 * each subscription books for itself when it starts (one per subscription, by its singleton key).
 */
export function defineSubscriptionJobs(
  queue: Pick<JobQueue, 'define'>,
  subscriptions: SubscriptionsService,
  renewals: SubscriptionRenewals,
) {
  queue.define({
    name: 'subscriptions.end-overdue',
    cron: '*/10 * * * *',
    policy: 'short',
    handler: async () => void (await subscriptions.endOverdue()),
  });
  queue.define<{ subscriptionId: number }>({
    name: END_NOTICE_JOB,
    policy: 'short',
    handler: async (data) => void (await renewals.noticeEnding(data)),
  });
}
