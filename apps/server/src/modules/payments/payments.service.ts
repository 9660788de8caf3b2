import type { FastifyBaseLogger } from 'fastify';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { FawryGateway, PaymobGateway } from '../../providers/payments/payment-gateway.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { RefundRequest, SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAutoRenewals } from './payments.auto-renewal.ts';
import { createCardsService } from './payments.cards.ts';
import { createCheckoutService } from './payments.checkout.ts';
import { createReconciliationService } from './payments.reconciliation.ts';
import { createTransactionRecords } from './payments.records.ts';
import type { RefundJob } from './payments.refunds.ts';
import { createTransactionsService } from './payments.transactions.ts';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  fawry: FawryGateway;
  paymob: PaymobGateway;
  plans: Pick<PlansService, 'checkoutQuote' | 'countCouponUse' | 'settleCouponReservation'>;
  subscriptions: Pick<
    SubscriptionsService,
    | 'purchaseStart'
    | 'startForPayment'
    | 'endForRefund'
    | 'idsForTransactions'
    | 'endingWithoutNext'
    | 'upgradeQuote'
    | 'recordUpgrade'
  >;
  users: Pick<UsersService, 'findById'>;
  /** Enlists a refund in a transaction (payments.refunds.ts), for payments made while a paid subscription is active. */
  requestRefund: (tx: Db, refund: RefundRequest | RefundJob) => Promise<void>;
  realtime: Pick<Realtime, 'toUser'>;
  /** Payments, Fawry references and refunds are told to the student through the notification policy. */
  notifications: Notifier;
  outbox: Pick<Outbox, 'kick'>;
  /** A student's subscription started or ended with a payment (told after commit). */
  subscriptionChanges: Pick<Changes, 'notify'>;
  /** Staff refunds are written to the audit log. */
  audit: AuditRecorder;
  /** Refused callbacks are counted (a spike is alerted on). */
  metrics: Pick<Metrics, 'paymentCallbackRefused'>;
  appUrl: string;
  /** How long a cash reference can be paid (FAWRY_REFERENCE_EXPIRY_HOURS). */
  referenceExpiryHours: number;
}

/**
 * Payments (spec PAYMENT and TRANSACTION): checkout through Fawry (or its simulator) and Paymob, verified and
 * idempotent callbacks, status sync, expiry and refunds. The database decides races: one transaction per
 * idempotency key, one open payment per student, one paid transaction per checkout, one active subscription
 * per student. One service to the rest of the server, composed of the checkout (payments.checkout.ts), saved
 * cards (payments.cards.ts), the reconciliation with the providers (payments.reconciliation.ts) and the
 * transactions' views, cancellation and refunds (payments.transactions.ts), which all move a transaction's status
 * the one way payments.records.ts does.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const records = createTransactionRecords(deps);
  const { syncOne, ...reconciliation } = createReconciliationService(deps, records);
  const checkout = createCheckoutService(deps, records);
  return {
    ...checkout,
    ...createAutoRenewals(deps, checkout.renewByCard),
    ...createCardsService(deps),
    ...reconciliation,
    ...createTransactionsService(deps, records, syncOne),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
