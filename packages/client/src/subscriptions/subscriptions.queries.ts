import { subscriptionsContract } from '@darsak/domain/subscriptions';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { subscriptionsKeys } from './subscriptions.keys.ts';

/** The student's active subscription with this week's remaining minutes, or the id -1 placeholder. */
export const currentSubscriptionQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: subscriptionsKeys.current(),
    queryFn: ({ signal }) => http.callRoute(subscriptionsContract.current, { signal }),
  });
