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

/** One subscription (its student or admins): what a payment started, and how it stands now. */
export const subscriptionQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: subscriptionsKeys.detail(id),
    queryFn: ({ signal }) => http.callRoute(subscriptionsContract.get, { params: { id }, signal }),
  });
