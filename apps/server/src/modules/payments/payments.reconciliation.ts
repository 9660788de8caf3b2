import { CURRENCY, MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError, isAppError } from '@darsak/domain/errors';
import { TransactionStatus } from '@darsak/domain/payments';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { CallbackRefusal } from '../../platform/metrics/metrics.ts';
import { type FawryGateway, ProviderError, type StatusReport } from '../../providers/payments/payment-gateway.ts';
import { codeOf, type TransactionRecords } from './payments.records.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';
import type { Transaction } from './payments.table.ts';

/** Pending payments younger than this are left to their callback before the sync asks the provider. */
const SYNC_GRACE_MS = 2 * MS_PER_MINUTE;
const SWEEP_BATCH = 100;

/** Why a provider's callback was refused, for the count: its signature, or what it names. */
const refusalOf = (error: unknown): CallbackRefusal | undefined => {
  if (!isAppError(error)) return undefined;
  if (error.code === 'callback-mismatch') return 'mismatch';
  return error.code === 'transaction-not-found' ? 'unknown-transaction' : undefined;
};

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

type ReconciliationDeps = Pick<PaymentsDeps, 'db' | 'clock' | 'log' | 'fawry' | 'paymob' | 'metrics'>;

/**
 * Keeping our transactions true to the providers': verified callbacks, the status sync (asked by the student or
 * by the job) and the expiry of payments whose time is over. A report is applied under the transaction's lock,
 * only when it is bound to that very order.
 */
export function createReconciliationService(deps: ReconciliationDeps, records: TransactionRecords) {
  const { db, clock, log } = deps;
  const { apply, announce, requireOwn, toView } = records;

  const gatewayOf = (row: Pick<Transaction, 'provider'>) => (row.provider === 'paymob' ? deps.paymob : deps.fawry);

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
    /** Also asked by a student's cancellation the provider refused, before it is answered. */
    syncOne,

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
  };
}
