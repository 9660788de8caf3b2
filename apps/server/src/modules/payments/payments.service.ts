import { createHash, randomBytes } from 'node:crypto';
import { CURRENCY, MS_PER_HOUR, MS_PER_MINUTE, offsetOf } from '@darsak/domain/common';
import { AppError, ERROR_STATUS, isAppError, isErrorCode } from '@darsak/domain/errors';
import {
  type CheckoutInput,
  canCancelPayment,
  canMoveTransaction,
  canRetryPayment,
  IdempotencyKey,
  nextTransactionStatus,
  type OpenPayment,
  type PayByCardInput,
  type PayByInstallmentsInput,
  type PayByWalletInput,
  type PaymentMethod,
  type PaymentResult,
  paymentStateOf,
  type SavedCard,
  TransactionStatus,
  type Transaction as TransactionView,
} from '@darsak/domain/payments';
import { installmentSchedule } from '@darsak/domain/plans';
import { isAdminRole } from '@darsak/domain/users';
import type { FastifyBaseLogger } from 'fastify';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { CallbackRefusal, Metrics, PaymentCount } from '../../platform/metrics/metrics.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type {
  ChargeResult,
  FawryGateway,
  PaymentOrder,
  PaymobGateway,
  ProviderStatus,
  StatusReport,
} from '../../providers/payments/payment-gateway.ts';
import { ProviderError } from '../../providers/payments/payment-gateway.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { RefundRequest, SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createPurchaseProcessor } from './payments.processing.ts';
import { createRefunder, type RefundJob } from './payments.refunds.ts';
import * as repo from './payments.repo.ts';
import type { Transaction } from './payments.table.ts';

type Source = 'user' | 'admin' | 'provider' | 'sync' | 'system';

/** Reports of what a provider did: stale or repeated ones are acknowledged and change nothing. */
const isProviderReport = (source: Source) => source === 'provider' || source === 'sync';

/** Only a payment still waiting may be cancelled (the transaction table's one move to canceled). */
const cancellable = (status: number) => canMoveTransaction(status as TransactionStatus, TransactionStatus.canceled);

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  fawry: FawryGateway;
  paymob: PaymobGateway;
  plans: Pick<PlansService, 'checkoutQuote' | 'countCouponUse' | 'settleCouponReservation'>;
  subscriptions: Pick<
    SubscriptionsService,
    'hasPaidActive' | 'startForPayment' | 'endForRefund' | 'idsForTransactions'
  >;
  users: Pick<UsersService, 'findById'>;
  /** Enlists a refund in a transaction (payments.refunds.ts), for payments made while a paid subscription is active. */
  requestRefund: (tx: Db, refund: RefundRequest | RefundJob) => Promise<void>;
  realtime: Pick<Realtime, 'toUser'>;
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

/** A card payment, a wallet request or a hosted checkout not finished within this is expired. */
const INTERACTIVE_PAYMENT_MINUTES = 60;
/** How long a repeated request waits for the first one with the same key to finish. */
const REPLAY_WAIT_MS = 10_000;
/** Pending payments younger than this are left to their callback before the sync asks the provider. */
const SYNC_GRACE_MS = 2 * MS_PER_MINUTE;
const SWEEP_BATCH = 100;

const STATUS_OF: Record<ProviderStatus, TransactionStatus> = {
  new: TransactionStatus.new,
  paid: TransactionStatus.paid,
  canceled: TransactionStatus.canceled,
  refunded: TransactionStatus.refunded,
  partialRefunded: TransactionStatus.partialRefunded,
  expired: TransactionStatus.expired,
  failed: TransactionStatus.failed,
};

const STATUS_NAMES = Object.fromEntries(Object.entries(TransactionStatus).map(([name, n]) => [n, name])) as Record<
  TransactionStatus,
  keyof typeof TransactionStatus
>;

/** Why a provider's callback was refused, for the count: its signature, or what it names. */
const refusalOf = (error: unknown): CallbackRefusal | undefined => {
  if (!isAppError(error)) return undefined;
  if (error.code === 'callback-mismatch') return 'mismatch';
  return error.code === 'transaction-not-found' ? 'unknown-transaction' : undefined;
};

const PERIOD_NAMES = { month: 'شهر', quarter: '3 أشهر', year: 'سنة', freeTrial: 'فترة تجريبية' } as const;

type PayRequest =
  | { method: 'cashReference'; input: CheckoutInput }
  | { method: 'card'; input: PayByCardInput }
  | { method: 'eWallet'; input: PayByWalletInput }
  | { method: 'bankInstallment'; input: PayByInstallmentsInput }
  | { method: 'checkout'; input: CheckoutInput };

/** What changed in a transaction, to announce after commit. */
interface Change {
  userId: number;
  transactionId: number;
  status: TransactionStatus;
  subscriptionId: number | null;
}

/** The provider's failure as the API's code: no answer is `service-unavailable`, a refusal is `fawry-error`. */
const codeOf = (error: ProviderError) => (error.kind === 'unavailable' ? 'service-unavailable' : 'fawry-error');

/** `payment-in-progress`, with the open payment the student has to finish or cancel first. */
function paymentInProgress(row: Transaction): AppError {
  const openPayment: OpenPayment = {
    transactionId: row.id,
    planId: row.planId,
    period: row.period,
    weeklyMinutes: row.weeklyMinutes,
    method: row.method,
    amountPiastres: row.amountPiastres,
    referenceNumber: row.method === 'cashReference' ? row.providerRef : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
  return new AppError('payment-in-progress', { openPayment });
}

/**
 * One open payment per student: locks the student's checkouts until the caller's transaction ends, then refuses
 * (`payment-in-progress`) while a payment is open, so two tabs or two keys can never both be paid. Checkouts and
 * the free trial call it first; `transactions_one_open_per_student` backs it in the database.
 */
export async function holdCheckout(tx: Db, userId: number): Promise<void> {
  await repo.lockBuyer(tx, userId);
  const open = await repo.findOpenTransaction(tx, userId);
  if (open) throw paymentInProgress(open);
}

/**
 * Payments (spec PAYMENT and TRANSACTION): checkout through Fawry (or its simulator) and Paymob, verified and
 * idempotent callbacks, status sync, expiry and refunds. The database decides races: one transaction per
 * idempotency key, one open payment per student, one paid transaction per checkout, one active subscription
 * per student.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, log } = deps;

  const gatewayOf = (row: Pick<Transaction, 'provider'>) => (row.provider === 'paymob' ? deps.paymob : deps.fawry);
  const processPaid = createPurchaseProcessor(deps);

  async function toView(tx: Db, row: Transaction, subscriptionId?: number | null): Promise<TransactionView> {
    const status = row.status as TransactionStatus;
    const subId =
      subscriptionId !== undefined
        ? subscriptionId
        : (await deps.subscriptions.idsForTransactions(tx, [row.id])).get(row.id);
    return {
      id: row.id,
      userId: row.userId,
      planId: row.planId,
      period: row.period,
      weeklyMinutes: row.weeklyMinutes,
      method: row.method,
      provider: row.provider,
      merchantRefNum: row.merchantRefNum,
      referenceNumber: row.providerRef,
      amountPiastres: row.amountPiastres,
      discountPiastres: row.discountPiastres,
      refundedPiastres: row.refundedPiastres,
      installments: row.installments,
      status,
      state: paymentStateOf(status),
      canCancel: canCancelPayment(status),
      canRetry: canRetryPayment(status),
      subscriptionId: subId ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * After commit. Processed started a subscription and refunded ends it: booking's view of the week is forgotten
   * first.
   */
  async function announce(change: Change | null) {
    if (!change) return;
    const { processed, refunded } = TransactionStatus;
    if (change.status === processed || change.status === refunded) await deps.subscriptionChanges.notify(change.userId);
    deps.realtime.toUser(change.userId, 'transaction:status', {
      transactionId: change.transactionId,
      status: change.status,
      subscriptionId: change.subscriptionId,
    });
  }

  async function requireOwn(tx: Db, actor: AuthUser, id: number): Promise<Transaction> {
    const row = await repo.findTransaction(tx, id);
    if (!row) throw new AppError('transaction-not-found');
    if (row.userId !== actor.id && !isAdminRole(actor.role)) throw new AppError('forbidden');
    return row;
  }

  /**
   * Moves a locked transaction to the status a provider (or we) reported, once. A provider's report the table
   * does not allow (the same report again, or one that would move a payment back) is acknowledged and changes
   * nothing, since providers repeat and reorder their notifications; a move of our own that the table does not
   * allow is refused (`illegal`), rolling the whole transaction back. Paid is processed in the same transaction.
   */
  async function apply(
    tx: Db,
    row: Transaction,
    report: Pick<StatusReport, 'status' | 'amountPiastres' | 'refundedPiastres' | 'referenceNumber'>,
    event: { source: Source; actorId?: number | null; note?: string; payload?: unknown },
  ): Promise<Change | null> {
    const from = row.status as TransactionStatus;
    let to = STATUS_OF[report.status];
    let refunded = row.refundedPiastres;
    if (to === TransactionStatus.refunded || to === TransactionStatus.partialRefunded) {
      refunded = Math.min(
        row.amountPiastres,
        report.refundedPiastres ?? (to === TransactionStatus.refunded ? row.amountPiastres : row.refundedPiastres),
      );
      to = refunded >= row.amountPiastres ? TransactionStatus.refunded : TransactionStatus.partialRefunded;
    }
    if (to !== from && !isProviderReport(event.source)) nextTransactionStatus(from, to);
    const moves = to !== from ? canMoveTransaction(from, to) : refunded > row.refundedPiastres;
    if (!moves) {
      if (to !== from) log.info({ transactionId: row.id, from, to, source: event.source }, 'payment status ignored');
      return null;
    }
    const now = clock.now();
    const updated = await repo.updateTransaction(tx, row.id, {
      status: to,
      refundedPiastres: refunded,
      ...(to === TransactionStatus.paid ? { paidAt: now } : {}),
      ...(refunded > row.refundedPiastres ? { refundedAt: now } : {}),
      ...(row.providerRef === null && report.referenceNumber ? { providerRef: report.referenceNumber } : {}),
      ...(event.payload !== undefined ? { providerPayload: event.payload } : {}),
    });
    if (refunded > row.refundedPiastres) await repo.settleRefundsReached(tx, row.id, refunded, now);
    await repo.insertEvent(tx, {
      transactionId: row.id,
      fromStatus: from,
      toStatus: to,
      source: event.source,
      actorId: event.actorId ?? null,
      note: event.note ?? null,
      payload: event.payload ?? null,
      at: now,
    });
    await settleCoupon(tx, row, from, to);
    if (to === TransactionStatus.refunded) await deps.subscriptions.endForRefund(tx, row.id);
    const change = { userId: row.userId, transactionId: row.id, status: to, subscriptionId: null };
    return to === TransactionStatus.paid ? { ...change, ...(await processPaid(tx, updated)) } : change;
  }

  /**
   * The coupon use its checkout held (plans' `checkoutQuote`) ends with the open payment: counted when paid, given
   * back when it closes unpaid. A payment paid after it closed takes a use without a hold, if one is left.
   */
  async function settleCoupon(tx: Db, row: Transaction, from: TransactionStatus, to: TransactionStatus) {
    if (row.couponId === null) return;
    if (from === TransactionStatus.new)
      await deps.plans.settleCouponReservation(tx, row.couponId, to === TransactionStatus.paid);
    else if (to === TransactionStatus.paid) await deps.plans.countCouponUse(tx, row.couponId);
  }

  /**
   * What makes a provider's report about another order than this one, or null when it is bound to it: the
   * provider's own reference (Paymob's signed order id must be the one its checkout gave us; Fawry's reference,
   * once we know it), our amount and currency, and a refund amount for a partial refund. Our merchant reference
   * alone never binds: Paymob does not sign it.
   */
  function unboundField(row: Transaction, report: StatusReport): string | null {
    const knownRef = row.provider === 'paymob' || row.providerRef !== null;
    if (knownRef && report.referenceNumber !== row.providerRef) return 'referenceNumber';
    if (report.amountPiastres !== null && report.amountPiastres !== row.amountPiastres) return 'amount';
    if (report.currency !== null && report.currency !== CURRENCY) return 'currency';
    if (report.status === 'partialRefunded' && report.refundedPiastres === null) {
      // Our own partial refund is recorded when we make it; its echo without an amount tells nothing new.
      return row.status === TransactionStatus.partialRefunded ? null : 'refundedAmount';
    }
    return null;
  }

  /** Applies a provider's report to the transaction it names, then announces the change. */
  async function applyReport(report: StatusReport, provider: Transaction['provider'], source: 'provider' | 'sync') {
    const change = await db.transaction(async (tx) => {
      const row = await repo.lockByMerchantRef(tx, report.merchantRef);
      if (!row || row.provider !== provider) throw new AppError('transaction-not-found');
      const field = unboundField(row, report);
      if (field) {
        log.warn(
          { transactionId: row.id, provider, source, field, reported: report.referenceNumber, ours: row.providerRef },
          'payment report refused: not bound to this transaction',
        );
        throw new AppError('callback-mismatch', { field });
      }
      return apply(tx, row, report, { source, payload: report.raw });
    });
    await announce(change);
  }

  /** A provider's callback: applied like any report, a refusal counted before it is answered. */
  async function applyCallback(report: StatusReport, provider: Transaction['provider']) {
    try {
      await applyReport(report, provider, 'provider');
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) deps.metrics.paymentCallbackRefused(provider, refusal);
      throw error;
    }
  }

  // checkout

  /** The checkout's key, from the `Idempotency-Key` header or the body (both given, they must agree). */
  function idempotencyKeyOf(header: string | string[] | undefined, body: string | undefined): string {
    const fromHeader = Array.isArray(header) ? header[0] : header;
    if (fromHeader === undefined && body === undefined) {
      throw new AppError('bad-request', { fields: { idempotencyKey: 'required' } });
    }
    if (fromHeader !== undefined && body !== undefined && fromHeader.trim() !== body) {
      throw new AppError('bad-request', { fields: { idempotencyKey: 'invalid' } });
    }
    const key = IdempotencyKey.safeParse(fromHeader ?? body);
    if (!key.success) throw new AppError('bad-request', { fields: { idempotencyKey: 'idempotency-key-format' } });
    return key.data;
  }

  /** The request's fingerprint: the same key with another plan, period, coupon or method is refused. */
  function requestHash(request: PayRequest): string {
    const { cvv: _cvv, idempotencyKey: _key, ...fields } = request.input as Record<string, unknown>;
    const canonical = JSON.stringify([request.method, Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))]);
    return createHash('sha256').update(canonical).digest('hex');
  }

  const newMerchantRef = () => {
    const day = clock.now().toISOString().slice(0, 10).replaceAll('-', '');
    return `DRS${day}${randomBytes(6).toString('hex').toUpperCase()}`;
  };

  async function order(tx: Db, row: Transaction): Promise<PaymentOrder> {
    const user = await deps.users.findById(tx, row.userId);
    if (!user) throw new AppError('user-not-found');
    return {
      merchantRef: row.merchantRefNum,
      amountPiastres: row.amountPiastres,
      customer: { id: user.id, name: user.name, email: user.email, phone: user.phone },
      description: `درسك — ${row.weeklyMinutes} دقيقة أسبوعيًا لمدة ${PERIOD_NAMES[row.period]}`,
      itemId: `plan-${row.planId}-${row.period}`,
      expiresAt: row.expiresAt ?? clock.now(),
    };
  }

  /** The page the browser comes back to after 3-D Secure or a hosted checkout. */
  const returnUrlOf = (row: Transaction) =>
    `${deps.appUrl}/checkout/${row.planId}/${row.period}?transactionId=${row.id}`;

  async function charge(request: PayRequest, row: Transaction, payment: PaymentOrder, cardToken: string | null) {
    const card = () => ({
      token: cardToken ?? '',
      cvv: 'cvv' in request.input ? request.input.cvv : '',
      returnUrl: returnUrlOf(row),
    });
    switch (request.method) {
      case 'cashReference':
        return deps.fawry.payByReference(payment);
      case 'card':
        return deps.fawry.payByCard(payment, card());
      case 'eWallet':
        return deps.fawry.payByWallet(payment, request.input.walletPhone);
      case 'bankInstallment': {
        const plan = await deps.fawry.installmentPlanFor(row.amountPiastres, request.input.installments);
        if (!plan) throw new AppError('installments-unavailable');
        return deps.fawry.payByInstallments(payment, card(), plan);
      }
      case 'checkout': {
        const notificationUrl = `${deps.appUrl}/api/v1/paymob/callback`;
        const checkout = await deps.paymob.createCheckout(payment, {
          notificationUrl,
          redirectionUrl: returnUrlOf(row),
        });
        const result: ChargeResult = {
          referenceNumber: checkout.orderId,
          status: 'new',
          redirectUrl: checkout.url,
          expiresAt: null,
          walletQr: null,
          raw: checkout.raw,
        };
        return result;
      }
    }
  }

  /**
   * Phase 1, one short database transaction: claim the key (the same key is the same payment), hold the student's
   * checkouts (another payment open is refused), price the checkout, record a new transaction.
   */
  async function open(actor: AuthUser, request: PayRequest, key: string) {
    return db.transaction(async (tx) => {
      const claim = await repo.claimKey(tx, { userId: actor.id, key, requestHash: requestHash(request) });
      if (!claim.fresh) return { claim: claim.row, row: null, cardToken: null };
      await holdCheckout(tx, actor.id);
      if (await deps.subscriptions.hasPaidActive(tx, actor.id)) throw new AppError('subscription-exists');
      const { plan, quote, couponId } = await deps.plans.checkoutQuote(tx, actor, request.input);
      let cardTokenId: number | null = null;
      let cardToken: string | null = null;
      if ('cardTokenId' in request.input) {
        const card = await repo.findCard(tx, request.input.cardTokenId);
        if (!card || card.userId !== actor.id) throw new AppError('card-not-found');
        cardTokenId = card.id;
        cardToken = card.token;
      }
      const installments = 'installments' in request.input ? request.input.installments : null;
      if (installments !== null && installments > plan.installments) throw new AppError('installments-unavailable');
      const now = clock.now();
      const payFor =
        request.method === 'cashReference'
          ? deps.referenceExpiryHours * MS_PER_HOUR
          : INTERACTIVE_PAYMENT_MINUTES * MS_PER_MINUTE;
      const row = await repo.insertTransaction(tx, {
        userId: actor.id,
        planId: plan.id,
        period: request.input.period,
        weeklyMinutes: plan.weeklyMinutes,
        couponId,
        cardTokenId,
        method: (request.method === 'checkout' ? 'card' : request.method) satisfies PaymentMethod,
        provider: request.method === 'checkout' ? 'paymob' : 'fawry',
        merchantRefNum: newMerchantRef(),
        idempotencyKey: key,
        amountPiastres: quote.amountPiastres,
        discountPiastres: quote.couponDiscountPiastres,
        installments,
        status: TransactionStatus.new,
        expiresAt: new Date(now.getTime() + payFor),
        createdAt: now,
      });
      await repo.insertEvent(tx, {
        transactionId: row.id,
        toStatus: row.status,
        source: 'user',
        actorId: actor.id,
        at: now,
      });
      await repo.updateKey(tx, claim.row.id, { transactionId: row.id });
      return { claim: claim.row, row, cardToken };
    });
  }

  /** The answer a repeated request gets: the first request's, once it is finished (else its open payment). */
  async function replay(actor: AuthUser, key: string, hash: string): Promise<PaymentResult> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (;;) {
      const claim = await repo.findKey(db, actor.id, key);
      if (!claim) throw new AppError('payment-in-progress');
      if (claim.requestHash !== hash) throw new AppError('idempotency-key-reused');
      if (claim.completedAt) {
        const stored = claim.responseBody as PaymentResult | { code: unknown; details?: Record<string, unknown> };
        if ('code' in stored) throw new AppError(isErrorCode(stored.code) ? stored.code : 'unexpected', stored.details);
        const row = claim.transactionId === null ? undefined : await repo.findTransaction(db, claim.transactionId);
        return row ? { ...stored, transaction: await toView(db, row) } : stored;
      }
      if (Date.now() >= deadline) {
        const row = claim.transactionId === null ? undefined : await repo.findTransaction(db, claim.transactionId);
        throw row?.status === TransactionStatus.new ? paymentInProgress(row) : new AppError('payment-in-progress');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Keeps the answer for requests repeated with the same key. */
  const remember = (tx: Db, claimId: number, status: number, body: unknown) =>
    repo.updateKey(tx, claimId, { responseStatus: status, responseBody: body, completedAt: clock.now() });

  async function pay(actor: AuthUser, request: PayRequest, headerKey: string | string[] | undefined) {
    const key = idempotencyKeyOf(headerKey, request.input.idempotencyKey);
    const opened = await open(actor, request, key);
    if (!opened.row) return replay(actor, key, requestHash(request));
    const { row, claim } = opened;

    let result: ChargeResult;
    try {
      result = await charge(request, row, await order(db, row), opened.cardToken);
    } catch (error) {
      await failCharge(row, claim.id, error);
      throw error instanceof ProviderError ? new AppError(codeOf(error)) : error;
    }

    const { response, change } = await db.transaction(async (tx) => {
      const locked = await repo.lockTransaction(tx, row.id);
      if (!locked) throw new AppError('transaction-not-found');
      const stored = await repo.updateTransaction(tx, row.id, {
        providerRef: locked.providerRef ?? result.referenceNumber,
        expiresAt: result.expiresAt ?? locked.expiresAt,
        providerPayload: result.raw,
      });
      const change =
        result.status === 'new'
          ? null
          : await apply(
              tx,
              stored,
              { ...result, amountPiastres: null, refundedPiastres: null },
              { source: 'provider', payload: result.raw },
            );
      const current = (await repo.findTransaction(tx, row.id)) ?? stored;
      const response: PaymentResult = {
        transaction: await toView(tx, current, change?.subscriptionId),
        redirectUrl: result.redirectUrl,
        referenceNumber: request.method === 'cashReference' ? current.providerRef : null,
        walletQr: result.walletQr,
        installmentSchedule: current.installments
          ? installmentSchedule(current.amountPiastres, current.installments)
          : null,
      };
      await remember(tx, claim.id, 201, response);
      return { response, change };
    });
    await announce(change);
    return response;
  }

  /**
   * The provider did not take the order. A refusal fails the transaction; no answer at all leaves it pending,
   * since the order may exist at the provider: the status sync finds out. It is never paid here.
   */
  async function failCharge(row: Transaction, claimId: number, error: unknown) {
    const code = error instanceof ProviderError ? codeOf(error) : isAppError(error) ? error.code : 'unexpected';
    log.warn({ transactionId: row.id, err: error }, 'payment charge failed');
    const change = await db.transaction(async (tx) => {
      const locked = await repo.lockTransaction(tx, row.id);
      if (!locked) return null;
      const refused = code !== 'service-unavailable' && code !== 'unexpected';
      const moved = refused
        ? await apply(
            tx,
            locked,
            { status: 'failed', amountPiastres: null, refundedPiastres: null, referenceNumber: null },
            {
              source: 'provider',
              note: error instanceof Error ? error.message.slice(0, 500) : code,
              payload: error instanceof ProviderError ? (error.details.body ?? null) : null,
            },
          )
        : null;
      await remember(tx, claimId, ERROR_STATUS[code], { code });
      return moved;
    });
    await announce(change);
  }

  // refunds, cancellation, sync

  const refunder = createRefunder({
    db,
    clock,
    log,
    fawry: deps.fawry,
    paymob: deps.paymob,
    requestRefund: deps.requestRefund,
    announce,
    recordRefunded: (tx, row, refundedPiastres, job) =>
      apply(
        tx,
        row,
        { status: 'partialRefunded', amountPiastres: null, referenceNumber: null, refundedPiastres },
        { source: job.source, actorId: job.actorId, note: job.reason },
      ),
  });

  /** Asks the provider for a pending transaction's status and applies it. */
  async function syncOne(id: number): Promise<void> {
    const row = await repo.findTransaction(db, id);
    if (!row || row.status !== TransactionStatus.new) return;
    let report: StatusReport | null;
    try {
      report = await gatewayOf(row).status(row.merchantRefNum);
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(codeOf(error), { statusCode: error.details.statusCode });
      throw error;
    }
    if (report && report.merchantRef !== row.merchantRefNum)
      throw new AppError('callback-mismatch', { field: 'merchantRef' });
    if (report && report.status !== 'new') await applyReport(report, row.provider, 'sync');
  }

  return {
    payByReference: (actor: AuthUser, input: CheckoutInput, key?: string | string[]) =>
      pay(actor, { method: 'cashReference', input }, key),
    payByCard: (actor: AuthUser, input: PayByCardInput, key?: string | string[]) =>
      pay(actor, { method: 'card', input }, key),
    payByWallet: (actor: AuthUser, input: PayByWalletInput, key?: string | string[]) =>
      pay(actor, { method: 'eWallet', input }, key),
    payByInstallments: (actor: AuthUser, input: PayByInstallmentsInput, key?: string | string[]) =>
      pay(actor, { method: 'bankInstallment', input }, key),
    paymobCheckout: (actor: AuthUser, input: CheckoutInput, key?: string | string[]) =>
      pay(actor, { method: 'checkout', input }, key),

    /** Fawry's notification V2: a bad signature is refused and logged, and changes nothing. */
    async fawryCallback(body: Parameters<FawryGateway['verifyNotification']>[0]) {
      let report: StatusReport;
      try {
        report = deps.fawry.verifyNotification(body);
      } catch (error) {
        log.warn({ merchantRefNumber: body.merchantRefNumber, err: error }, 'fawry callback rejected');
        deps.metrics.paymentCallbackRefused('fawry', 'signature');
        throw error instanceof ProviderError
          ? new AppError('bad-request', { fields: { orderStatus: 'invalid' } })
          : error;
      }
      await applyCallback(report, 'fawry');
      return { ok: true as const };
    },

    /** Paymob's processed callback: HMAC-checked the same way. */
    async paymobCallback(hmac: string, body: { type: string; obj: Record<string, unknown> }) {
      let report: StatusReport | null;
      try {
        report = deps.paymob.verifyCallback(hmac, body);
      } catch (error) {
        log.warn({ type: body.type, err: error }, 'paymob callback rejected');
        deps.metrics.paymentCallbackRefused('paymob', 'signature');
        throw error;
      }
      if (report) await applyCallback(report, 'paymob');
      return { ok: true as const };
    },

    async cancelUnpaid(actor: AuthUser, transactionId: number) {
      const row = await requireOwn(db, actor, transactionId);
      if (!cancellable(row.status)) throw new AppError('payment-not-cancellable');
      if (row.provider === 'fawry' && row.providerRef) {
        try {
          await deps.fawry.cancelUnpaid(row.providerRef);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          // Refused: perhaps paid meanwhile; learn the truth before answering.
          await syncOne(row.id).catch(() => undefined);
          throw new AppError(error.kind === 'refused' ? 'payment-not-cancellable' : 'service-unavailable');
        }
      }
      const change = await db.transaction(async (tx) => {
        const locked = await repo.lockTransaction(tx, row.id);
        if (!locked) throw new AppError('transaction-not-found');
        // Paid (or closed) meanwhile: the student's answer names it, rather than the machine's `illegal`.
        if (!cancellable(locked.status)) throw new AppError('payment-not-cancellable');
        const report = {
          status: 'canceled' as const,
          amountPiastres: null,
          refundedPiastres: null,
          referenceNumber: null,
        };
        const source = isAdminRole(actor.role) && actor.id !== row.userId ? 'admin' : 'user';
        const moved = await apply(tx, locked, report, { source, actorId: actor.id });
        if (!moved) throw new AppError('payment-not-cancellable');
        return moved;
      });
      await announce(change);
      return toView(db, (await repo.findTransaction(db, row.id)) ?? row);
    },

    /** Staff refund, in full or in part, inline (the provider's refusal is answered at once). */
    async refund(
      actor: AuthUser,
      input: { transactionId: number; amountPiastres?: number | undefined; reason?: string | undefined },
    ) {
      const row = await repo.findTransaction(db, input.transactionId);
      if (!row) throw new AppError('transaction-not-found');
      const refunded = await refunder.refund(
        {
          transactionId: row.id,
          amountPiastres: input.amountPiastres ?? null,
          reason: input.reason ?? 'refund by staff',
          actorId: actor.id,
          source: 'admin',
        },
        { resume: false },
      );
      const amountPiastres = refunded.refundedPiastres - row.refundedPiastres;
      await deps.audit.record(db, {
        actorId: actor.id,
        action: 'transaction.refund',
        objectId: row.id,
        subjectUserId: row.userId,
        before: { status: row.status, refundedPiastres: row.refundedPiastres },
        after: { status: refunded.status, refundedPiastres: refunded.refundedPiastres, amountPiastres },
        reason: input.reason ?? null,
      });
      return toView(db, refunded);
    },

    /** Job: a refund requested by a cancellation or a duplicate payment (retried by the queue until done). */
    async runRefundJob(job: RefundJob) {
      await refunder.refund(job, { resume: true });
    },

    async status(actor: AuthUser, transactionId: number) {
      return toView(db, await requireOwn(db, actor, transactionId));
    },

    async syncStatus(actor: AuthUser, transactionId: number) {
      const row = await requireOwn(db, actor, transactionId);
      await syncOne(row.id);
      return toView(db, (await repo.findTransaction(db, row.id)) ?? row);
    },

    /** Job: asks the providers about pending transactions older than a couple of minutes. */
    async syncPending(): Promise<number> {
      const pending = await repo.pendingTransactions(db, new Date(clock.now().getTime() - SYNC_GRACE_MS), SWEEP_BATCH);
      for (const { id } of pending) {
        await syncOne(id).catch((error) => log.warn({ transactionId: id, err: error }, 'payment sync failed'));
      }
      return pending.length;
    },

    /** Job: pending transactions past their time are asked about once more, then expired. */
    async expireOverdue(): Promise<number> {
      const overdue = await repo.overdueTransactions(db, clock.now(), SWEEP_BATCH);
      for (const { id } of overdue) {
        await syncOne(id).catch((error) => log.warn({ transactionId: id, err: error }, 'payment sync failed'));
        const change = await db.transaction(async (tx) => {
          const row = await repo.lockTransaction(tx, id);
          if (!row || row.status !== TransactionStatus.new) return null;
          const report = {
            status: 'expired' as const,
            amountPiastres: null,
            refundedPiastres: null,
            referenceNumber: null,
          };
          return apply(tx, row, report, { source: 'system', note: 'time to pay is over' });
        });
        await announce(change);
      }
      return overdue.length;
    },

    async listCards(actor: AuthUser): Promise<{ list: SavedCard[] }> {
      let cards: Awaited<ReturnType<FawryGateway['listCards']>>;
      try {
        cards = await deps.fawry.listCards(String(actor.id));
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(codeOf(error));
        throw error;
      }
      const rows = await db.transaction(async (tx) => {
        const clean = cards.map((c) => ({
          ...c,
          lastFour: c.lastFour && /^\d{4}$/.test(c.lastFour) ? c.lastFour : null,
        }));
        await repo.replaceCards(tx, actor.id, 'fawry', clean);
        return repo.listCards(tx, actor.id, 'fawry');
      });
      return {
        list: rows.map((r) => ({
          id: r.id,
          lastFour: r.lastFour,
          brand: r.brand,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async deleteCard(actor: AuthUser, cardTokenId: number) {
      const card = await repo.findCard(db, cardTokenId);
      if (!card || card.userId !== actor.id) throw new AppError('card-not-found');
      try {
        await deps.fawry.deleteCard(String(actor.id), card.token);
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(codeOf(error));
        throw error;
      }
      await repo.deleteCard(db, card.id);
      return { ok: true as const };
    },

    cardTokenUrl(actor: AuthUser) {
      return {
        url: deps.fawry.cardTokenUrl({ customerProfileId: String(actor.id), returnUrl: `${deps.appUrl}/card-added` }),
      };
    },

    async get(actor: AuthUser, id: number) {
      return toView(db, await requireOwn(db, actor, id));
    },

    async last(actor: AuthUser) {
      const row = await repo.lastTransaction(db, actor.id);
      if (!row) throw new AppError('transaction-not-found');
      return toView(db, row);
    },

    async list(
      actor: AuthUser,
      query: { page: number; size: number; userId?: number | undefined; status?: number | undefined },
    ) {
      const userId = isAdminRole(actor.role) ? query.userId : actor.id;
      const { rows, total } = await repo.listTransactions(db, {
        userId,
        status: query.status,
        limit: query.size,
        offset: offsetOf(query),
      });
      const subscriptionIds = await deps.subscriptions.idsForTransactions(
        db,
        rows.map((r) => r.id),
      );
      return { total, list: await Promise.all(rows.map((r) => toView(db, r, subscriptionIds.get(r.id) ?? null))) };
    },

    events: (transactionId: number) => repo.listEvents(db, transactionId),

    /** Every payment by status and method (the metrics' scrape). */
    async countByStatusAndMethod(): Promise<PaymentCount[]> {
      const rows = await repo.countByStatusAndMethod(db);
      return rows.map((r) => ({ ...r, status: STATUS_NAMES[r.status as TransactionStatus] }));
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
