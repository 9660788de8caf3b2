import { currentSubscriptionQuery, lessonsKeys, paymentsKeys, plansKeys, subscriptionsKeys } from '@darsak/client';
import type { CurrentSubscription, PauseInput, PauseRequestInput, Subscription } from '@darsak/domain/subscriptions';
import { blocksPurchase, subscriptionsContract } from '@darsak/domain/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

/** The real subscription, or null for the id -1 placeholder (spec §3). */
export const activeSubscriptionOf = (current: CurrentSubscription | undefined): Subscription | null =>
  current && current.id !== -1 && current.status === 'active' ? (current as Subscription) : null;

/**
 * Whether buying a plan is refused now (`next-period-scheduled`): a paid subscription whose next period is paid
 * already. A paid one without buys the next period (`payAhead`); a free trial is replaced.
 */
export function purchaseBlocked(current: CurrentSubscription | undefined): boolean {
  const subscription = activeSubscriptionOf(current);
  return subscription !== null && blocksPurchase(subscription) && subscription.payAhead === null;
}

/**
 * The student's current subscription with this week's remaining minutes. A payment that changes state
 * (`transaction:status`) may start or end one, so the answer is refreshed in realtime.
 */
export function useCurrentSubscription(enabled = true) {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'transaction:status',
    () => void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all }),
    enabled,
  );
  return useQuery({ ...currentSubscriptionQuery(api), enabled });
}

/** Cancels the active subscription (refund under the rule of DESIGN §4, else `subscription-uncancellable`). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | undefined) =>
      api.callRoute(subscriptionsContract.cancel, { body: reason ? { reason } : {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
  });
}

/** Cancels the next period paid in advance, before it starts (refunded in full). */
export function useCancelNextPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.callRoute(subscriptionsContract.cancelNext, { body: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
  });
}

/**
 * Starts a plan's free trial. The subscription (its minutes) and the plans (whose trial is no longer available)
 * are fetched again.
 */
export function useStartFreeTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => api.callRoute(subscriptionsContract.freeTrial, { body: { planId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: plansKeys.all });
    },
  });
}

/** What pausing for these weeks from this day would do (dates, moved end, her lessons inside it). */
export function usePausePreview(request: PauseRequestInput, enabled: boolean) {
  return useQuery({
    queryKey: [...subscriptionsKeys.all, 'pause-preview', request],
    queryFn: () => api.callRoute(subscriptionsContract.pausePreview, { body: request }),
    enabled,
    staleTime: 0,
  });
}

/** Her subscription and lessons change together when she pauses or ends a pause. */
function usePauseChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: lessonsKeys.all });
    },
  });
}

export const usePauseSubscription = () =>
  usePauseChange((body: PauseInput) => api.callRoute(subscriptionsContract.pause, { body }));

export const useEndPause = () => usePauseChange(() => api.callRoute(subscriptionsContract.endPause, {}));
