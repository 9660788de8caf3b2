import { currentSubscriptionQuery, lastTransactionQuery, planQuery } from '@darsak/client';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { publicConfig } from '../../lib/use-public-config.ts';

/**
 * What the checkout shows first (the plan, the student's subscription, her last payment, and the payment providers
 * from the public configuration), fetched
 * while the page's code loads, so the page renders once, complete (app/router.tsx).
 */
export async function fetchCheckoutPage(queries: QueryClient, params: { planId?: string }): Promise<void> {
  const planId = Number(params.planId);
  await Promise.all([
    Number.isInteger(planId) && planId > 0 && queries.prefetchQuery(planQuery(api, planId)),
    queries.prefetchQuery(currentSubscriptionQuery(api)),
    queries.prefetchQuery(lastTransactionQuery(api)),
    queries.prefetchQuery(publicConfig()),
  ]);
}
