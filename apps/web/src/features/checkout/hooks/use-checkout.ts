import {
  isApiError,
  lastTransactionQuery,
  paymentsKeys,
  savedCardsQuery,
  subscriptionsKeys,
  transactionQuery,
} from '@darsak/client';
import {
  type OpenPayment,
  type PaymentResult,
  type PaymentState,
  paymentsContract,
  type Transaction,
} from '@darsak/domain/payments';
import { couponsContract, type PaidPeriod } from '@darsak/domain/plans';
import { subscriptionsContract } from '@darsak/domain/subscriptions';
import type { MessageKey } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api.ts';
import { useRealtimeEvent, useRealtimeState } from '../../../lib/realtime.ts';
import { attemptKey, settleAttempt } from './checkout-attempt.ts';

/** The checkout's subtitle at each stage: choosing a method, waiting for the payment, paid, or failed. */
const SUBTITLE_OF_STATE = {
  pending: 'payments.checkout.subtitleWaiting',
  done: 'payments.checkout.subtitleDone',
  failed: 'payments.checkout.subtitleFailed',
  cancelled: 'payments.checkout.subtitleFailed',
} as const satisfies Record<PaymentState, MessageKey>;

/** What the checkout page's subtitle says now, from the started payment (the status watch keeps its cache fresh). */
export function useCheckoutSubtitle(transactionId: number | null): MessageKey {
  const transaction = useQuery({ ...transactionQuery(api, transactionId ?? 0), enabled: transactionId !== null });
  if (transactionId === null) return 'payments.checkout.subtitle';
  return transaction.data ? SUBTITLE_OF_STATE[transaction.data.state] : 'payments.checkout.subtitleWaiting';
}

export interface CheckoutTarget {
  planId: number;
  period: PaidPeriod;
  couponCode?: string | undefined;
  /** A mid-term upgrade of the subscription under way to this larger plan. */
  upgrade?: boolean | undefined;
}

export type PayRequest =
  | { method: 'card'; cardTokenId: number; cvv: string }
  | { method: 'eWallet'; walletPhone: string }
  | { method: 'cashReference' }
  | { method: 'bankInstallment'; cardTokenId: number; cvv: string; installments: number }
  /** Paymob's hosted card page: the card is entered there, once, and not saved. */
  | { method: 'paymob' };

/**
 * Pays for the checkout with one method. The request carries the attempt's idempotency key and never an amount
 * (the server prices the checkout); the CVV is not part of what identifies the attempt.
 */
export function usePay(target: CheckoutTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PayRequest): Promise<PaymentResult> => {
      const checkout = {
        planId: target.planId,
        period: target.period,
        ...(target.couponCode ? { couponCode: target.couponCode } : {}),
        ...(target.upgrade ? { upgrade: true as const } : {}),
      };
      const { cvv: _cvv, ...identity } = { ...request, cvv: undefined, ...checkout };
      const idempotencyKey = attemptKey(identity);
      switch (request.method) {
        case 'card':
          return api.callRoute(paymentsContract.payByCard, {
            body: { ...checkout, cardTokenId: request.cardTokenId, cvv: request.cvv, idempotencyKey },
          });
        case 'bankInstallment':
          return api.callRoute(paymentsContract.payByInstallments, {
            body: {
              ...checkout,
              cardTokenId: request.cardTokenId,
              cvv: request.cvv,
              installments: request.installments,
              idempotencyKey,
            },
          });
        case 'eWallet':
          return api.callRoute(paymentsContract.payByWallet, {
            body: { ...checkout, walletPhone: request.walletPhone, idempotencyKey },
          });
        case 'cashReference':
          return api.callRoute(paymentsContract.payByReference, { body: { ...checkout, idempotencyKey } });
        case 'paymob':
          return api.callRoute(paymentsContract.paymobCheckoutUrl, { body: { ...checkout, idempotencyKey } });
      }
    },
    onSuccess: (result) => {
      settleAttempt();
      queryClient.setQueryData(paymentsKeys.transaction(result.transaction.id), result.transaction);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.last() });
    },
    onError: (error) => settleAttempt(error),
  });
}

/**
 * The student's payment still open when a checkout answered `payment-in-progress`, if the answer names it (in
 * `OpenPaymentSchema`'s shape: the API's own answer, taken as sent like every other).
 */
export function openPaymentOf(error: unknown): OpenPayment | null {
  if (!isApiError(error, 'payment-in-progress')) return null;
  const open = error.details?.openPayment;
  return typeof open === 'object' && open !== null ? (open as OpenPayment) : null;
}

/** The coupon check of the checkout: the answer carries the priced checkout for this plan and period. */
export function useCouponCheck(planId: number, period: PaidPeriod) {
  return useMutation({
    mutationFn: (code: string) => api.callRoute(couponsContract.check, { params: { code }, query: { planId, period } }),
  });
}

/** The student's latest payment (null before a first), read again when it changes state in realtime. */
export function useLastPayment() {
  const queryClient = useQueryClient();
  const query = useQuery(lastTransactionQuery(api));
  const lastId = query.data?.id;
  useRealtimeEvent(
    'transaction:status',
    (payload) => {
      if (payload.transactionId === lastId) void queryClient.invalidateQueries({ queryKey: paymentsKeys.last() });
    },
    lastId !== undefined,
  );
  return query;
}

export function useSavedCards() {
  return useQuery(savedCardsQuery(api));
}

/** The provider's tokenization page (it returns to /card-added). */
export function useCardTokenUrl() {
  return useMutation({ mutationFn: () => api.callRoute(paymentsContract.cardTokenUrl) });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardTokenId: number) => api.callRoute(paymentsContract.cardTokenDelete, { query: { cardTokenId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentsKeys.cards() }),
  });
}

/** Polling while waiting: slow when the realtime connection carries `transaction:status`, brisk without it. */
const POLL_MS = { realtime: 15_000, alone: 3_000 } as const;

/**
 * A payment's status while the student waits: refreshed on `transaction:status` in realtime, and by polling
 * `GET /api/v1/fawry/payment-status` as a fallback. Coming back from the bank (3-D Secure) it asks the provider
 * once (`payment-status/sync`) in case its callback has not arrived yet.
 */
export function usePaymentWatch(transactionId: number | null, options: { syncFirst?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { status: connection } = useRealtimeState();
  const query = useQuery({
    ...transactionQuery(api, transactionId ?? 0),
    enabled: transactionId !== null,
    refetchInterval: (q) =>
      q.state.data?.state === 'pending' ? (connection === 'connected' ? POLL_MS.realtime : POLL_MS.alone) : false,
  });

  useRealtimeEvent(
    'transaction:status',
    (payload) => {
      if (payload.transactionId !== transactionId) return;
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.transaction(payload.transactionId) });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() });
    },
    transactionId !== null,
  );

  const synced = useRef<number | null>(null);
  useEffect(() => {
    if (!options.syncFirst || transactionId === null || synced.current === transactionId) return;
    synced.current = transactionId;
    api
      .callRoute(paymentsContract.syncPaymentStatus, { body: { transactionId } })
      .then((transaction: Transaction) =>
        queryClient.setQueryData(paymentsKeys.transaction(transactionId), transaction),
      )
      .catch(() => undefined);
  }, [options.syncFirst, transactionId, queryClient]);

  const state = query.data?.state;
  useEffect(() => {
    if (state === 'done') void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
  }, [state, queryClient]);

  return query;
}

/** What upgrading now to this larger plan costs (its weeks left), for the checkout of an upgrade. */
export function useUpgradeQuote(planId: number, period: PaidPeriod, enabled: boolean) {
  return useQuery({
    queryKey: [...subscriptionsKeys.all, 'upgrade-quote', planId, period],
    queryFn: () => api.callRoute(subscriptionsContract.upgradeQuote, { query: { planId, period } }),
    enabled,
    staleTime: 0,
  });
}
