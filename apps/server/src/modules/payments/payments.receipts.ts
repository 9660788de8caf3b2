import { AppError } from '@darsak/domain/errors';
import { type ReceiptLanguage, receiptFileName } from '@darsak/domain/payments';
import { isAdminRole } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type Receipt, renderReceiptPdf, type Seller } from './payments.receipt-pdf.ts';
import * as repo from './payments.repo.ts';
import type { Transaction } from './payments.table.ts';

export interface ReceiptsDeps {
  db: Db;
  seller: Seller;
}

/** A receipt as a file: for the download and for the e-mail that carries it. */
export interface ReceiptFile {
  filename: string;
  contentType: 'application/pdf';
  content: Buffer;
}

/**
 * Receipts of paid payments (issue 31): made from the payment's records when asked for, so the download and the
 * e-mail's attachment are the same document, and a refund made since appears on it.
 */
export function createReceiptsService(deps: ReceiptsDeps) {
  async function receiptOf(row: Transaction): Promise<Receipt> {
    if (!row.receiptNumber || !row.paidAt) throw new AppError('payment-not-paid');
    const facts = await repo.findReceiptFacts(deps.db, row);
    const refunds = facts.refunds.flatMap((r) => (r.at ? [{ amountPiastres: r.amountPiastres, at: r.at }] : []));
    // A refund the provider reported without a request of ours (its dashboard) is still money given back.
    const unrecorded = row.refundedPiastres - refunds.reduce((sum, r) => sum + r.amountPiastres, 0);
    if (unrecorded > 0) refunds.push({ amountPiastres: unrecorded, at: row.refundedAt ?? row.updatedAt });
    return {
      number: row.receiptNumber,
      paidAt: row.paidAt,
      seller: deps.seller,
      buyer: { name: facts.buyerName, email: facts.buyerEmail },
      plan: { nameAr: facts.planNameAr, nameEn: facts.planNameEn, weeklyMinutes: row.weeklyMinutes },
      period: row.period,
      method: row.method,
      installments: row.installments,
      card: facts.cardLastFour ? { brand: facts.cardBrand, lastFour: facts.cardLastFour } : null,
      provider: row.provider,
      merchantRefNum: row.merchantRefNum,
      providerRef: row.providerRef,
      amountPiastres: row.amountPiastres,
      discountPiastres: row.discountPiastres,
      couponCode: facts.couponCode,
      refunds,
    };
  }

  async function fileOf(row: Transaction, lang: ReceiptLanguage): Promise<ReceiptFile> {
    const receipt = await receiptOf(row);
    return {
      filename: receiptFileName(receipt.number, lang),
      contentType: 'application/pdf',
      content: await renderReceiptPdf(receipt, lang),
    };
  }

  return {
    /** The buyer's (or staff's) download: unknown 404, another's 403, unpaid 409. */
    async receipt(actor: AuthUser, transactionId: number, lang: ReceiptLanguage): Promise<ReceiptFile> {
      const row = await repo.findTransaction(deps.db, transactionId);
      if (!row) throw new AppError('transaction-not-found');
      if (row.userId !== actor.id && !isAdminRole(actor.role)) throw new AppError('forbidden');
      return fileOf(row, lang);
    },

    /** The e-mail's attachment, made when the message is sent (the outbox keeps only which receipt it carries). */
    async attachment(transactionId: number, lang: ReceiptLanguage): Promise<ReceiptFile> {
      const row = await repo.findTransaction(deps.db, transactionId);
      if (!row) throw new AppError('transaction-not-found');
      return fileOf(row, lang);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
