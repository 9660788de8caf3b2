import { createHash, randomBytes } from 'node:crypto';
import { MS_PER_HOUR, MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError, ERROR_STATUS, isAppError, isErrorCode } from '@darsak/domain/errors';
import {
  type CheckoutInput,
  IdempotencyKey,
  type OpenPayment,
  type PayByCardInput,
  type PayByInstallmentsInput,
  type PayByWalletInput,
  type PaymentMethod,
  type PaymentResult,
  TransactionStatus,
} from '@darsak/domain/payments';
import { installmentSchedule, type PaidPeriod } from '@darsak/domain/plans';
import { Role } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type ChargeResult, type PaymentOrder, ProviderError } from '../../providers/payments/payment-gateway.ts';
import { paymentReferenceNotice } from './payments.messages.ts';
import { codeOf, type TransactionRecords } from './payments.records.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';
import type { Transaction } from './payments.table.ts';

/** A card payment, a wallet request or a hosted checkout not finished within this is expired. */
const INTERACTIVE_PAYMENT_MINUTES = 60;
/** How long a repeated request waits for the first one with the same key to finish. */
const REPLAY_WAIT_MS = 10_000;

const PERIOD_NAMES = { month: 'شهر', quarter: '3 أشهر', year: 'سنة', freeTrial: 'فترة تجريبية' } as const;

/** How a checkout opened by the server itself differs (the renewal notice's cash reference). */
interface PayOptions {
  /** Payable until then rather than for the usual time. */
  expiresAt?: Date;
  /** The reference is told by the caller's own message, not by the usual payment-reference notice. */
  tell?: boolean;
}

type PayRequest =
  | { method: 'cashReference'; input: CheckoutInput }
  | { method: 'savedCard'; input: CheckoutInput & { cardTokenId: number } }
  | { method: 'card'; input: PayByCardInput }
  | { method: 'eWallet'; input: PayByWalletInput }
  | { method: 'bankInstallment'; input: PayByInstallmentsInput }
  | { method: 'checkout'; input: CheckoutInput };

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

type CheckoutDeps = Pick<
  PaymentsDeps,
  | 'db'
  | 'clock'
  | 'log'
  | 'fawry'
  | 'paymob'
  | 'plans'
  | 'subscriptions'
  | 'users'
  | 'appUrl'
  | 'referenceExpiryHours'
  | 'notifications'
>;

/**
 * Starting a payment (by cash reference, card, wallet, bank instalments or Paymob's hosted checkout), idempotent
 * by its key. Phase 1 records the transaction in one short database transaction; phase 2 asks the provider
 * outside any transaction and keeps its answer for the key.
 */
export function createCheckoutService(deps: CheckoutDeps, records: TransactionRecords) {
  const { db, clock, log } = deps;
  const { apply, announce, toView } = records;

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
      case 'savedCard':
        return deps.fawry.chargeSavedCard(payment, cardToken ?? '');
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
  async function open(actor: AuthUser, request: PayRequest, key: string, options: PayOptions) {
    return db.transaction(async (tx) => {
      const claim = await repo.claimKey(tx, { userId: actor.id, key, requestHash: requestHash(request) });
      if (!claim.fresh) return { claim: claim.row, row: null, cardToken: null };
      await holdCheckout(tx, actor.id);
      // An upgrade is priced for the weeks left of the subscription under way, without a coupon.
      const upgrading = request.input.upgrade === true;
      const start = upgrading ? null : await deps.subscriptions.purchaseStart(tx, actor.id);
      const priced = upgrading ? { ...request.input, couponCode: undefined } : request.input;
      const { plan, quote, couponId } = await deps.plans.checkoutQuote(tx, actor, priced);
      const larger = { id: plan.id, weeklyMinutes: plan.weeklyMinutes, pricePiastres: quote.amountPiastres };
      const upgrade = upgrading
        ? await deps.subscriptions.upgradeQuote(tx, actor.id, larger, request.input.period)
        : null;
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
        method: (request.method === 'checkout' || request.method === 'savedCard'
          ? 'card'
          : request.method) satisfies PaymentMethod,
        provider: request.method === 'checkout' ? 'paymob' : 'fawry',
        merchantRefNum: newMerchantRef(),
        idempotencyKey: key,
        amountPiastres: upgrade ? upgrade.amountPiastres : quote.amountPiastres,
        discountPiastres: upgrade ? 0 : quote.couponDiscountPiastres,
        installments,
        forNextPeriod: start?.advance ?? false,
        status: TransactionStatus.new,
        expiresAt: options.expiresAt ?? new Date(now.getTime() + payFor),
        createdAt: now,
      });
      await repo.insertEvent(tx, {
        transactionId: row.id,
        toStatus: row.status,
        source: 'user',
        actorId: actor.id,
        at: now,
      });
      if (upgrade) {
        const { subscriptionId, weeks } = upgrade;
        await deps.subscriptions.recordUpgrade(tx, {
          transactionId: row.id,
          subscriptionId,
          planId: plan.id,
          weeklyMinutes: plan.weeklyMinutes,
          weeks,
        });
      }
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

  /** The Fawry reference and its deadline reach the student, not only the checkout page. */
  async function tellReference(tx: Db, row: Transaction) {
    if (!row.providerRef || !row.expiresAt || row.status !== TransactionStatus.new) return;
    const notice = paymentReferenceNotice({
      referenceNumber: row.providerRef,
      amountPiastres: row.amountPiastres,
      expiresAt: row.expiresAt,
    });
    await deps.notifications.send(tx, row.userId, 'paymentReference', notice, {
      template: 'payment-reference',
      dedupeKey: `payment-reference:${row.id}`,
    });
  }

  /** Keeps the answer for requests repeated with the same key. */
  const remember = (tx: Db, claimId: number, status: number, body: unknown) =>
    repo.updateKey(tx, claimId, { responseStatus: status, responseBody: body, completedAt: clock.now() });

  async function pay(
    actor: AuthUser,
    request: PayRequest,
    headerKey: string | string[] | undefined,
    options: PayOptions = {},
  ) {
    const key = idempotencyKeyOf(headerKey, request.input.idempotencyKey);
    const opened = await open(actor, request, key, options);
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
      if (request.method === 'cashReference' && options.tell !== false) await tellReference(tx, current);
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

    /**
     * The renewal notice's Fawry reference for a cash payer's next period (issue 31): her own checkout of the plan
     * and period her current one was paid for, priced now, under the key the caller gives per period (a rerun
     * replays it), payable until `payBy`. Null when that period was not paid by cash reference.
     */
    /**
     * Automatic renewal (issue 31): the next period of the plan and period her current one has, charged by her saved
     * card without 3-D Secure, merchant-initiated, under one key per period: a second run, or two at once, replays
     * the first and the provider is asked once.
     */
    renewByCard(studentId: number, period: { id: number; planId: number; period: PaidPeriod }, cardTokenId: number) {
      const actor: AuthUser = { id: studentId, role: Role.student, sessionId: 'auto-renewal' };
      const input = { planId: period.planId, period: period.period, cardTokenId };
      return pay(actor, { method: 'savedCard', input }, `auto-renewal:${period.id}`, { tell: false });
    },

    async renewalReference(studentId: number, paidWith: number, key: string, payBy: Date) {
      const last = await repo.findTransaction(db, paidWith);
      if (last?.method !== 'cashReference' || last.period === 'freeTrial') return null;
      const actor: AuthUser = { id: studentId, role: Role.student, sessionId: 'renewal-notice' };
      const input = { planId: last.planId, period: last.period };
      return pay(actor, { method: 'cashReference', input }, key, { expiresAt: payBy, tell: false });
    },
  };
}
