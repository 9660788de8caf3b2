import { AppError } from '@darsak/domain/errors';
import type { PendingInvoiceUpdate } from '@darsak/domain/invoices';
import type { Invoice, InvoiceUpdateRecord, NewInvoice, WithdrawMethod } from './invoices.table.ts';

/*
 * A tutor's edit of a pending withdrawal is a proposal: it is kept beside the request (`pending_update`) until an
 * admin approves the update, which copies it onto the request. What an admin pays out is therefore always what
 * was approved, and the tutor's balance holds the larger amount meanwhile (`reservedByInvoice`).
 */

/** The payout details a request copies from a saved method. */
export const copiedFrom = (method: WithdrawMethod) => ({
  withdrawMethodId: method.id,
  method: method.method,
  phone: method.phone,
  bank: method.bank,
  accountNumber: method.accountNumber,
  receiver: method.receiver,
  instapayAddress: method.instapayAddress,
});

/** What the request asks for now: its proposal waiting for approval, or else its own values (a fresh copy). */
export function requestedValues(invoice: Invoice): InvoiceUpdateRecord {
  if (invoice.pendingUpdate) return { ...invoice.pendingUpdate };
  return {
    amountPiastres: invoice.amountPiastres,
    withdrawMethodId: invoice.withdrawMethodId,
    method: invoice.method,
    phone: invoice.phone,
    bank: invoice.bank,
    accountNumber: invoice.accountNumber,
    receiver: invoice.receiver,
    instapayAddress: invoice.instapayAddress,
  };
}

/**
 * The values an approved update gives the request, the proposal gone with it. `seen` is the proposal the admin
 * approved: if the tutor changed it since (the row is locked now), nothing is approved.
 */
export function approvedValues(invoice: Invoice, seen: PendingInvoiceUpdate): Partial<NewInvoice> {
  // The machine allows approval only while updated-by-receiver, which the database ties to a proposal.
  const current = pendingUpdateView(invoice.pendingUpdate);
  if (!invoice.pendingUpdate || !current) throw new AppError('illegal-invoice-update', { from: invoice.label });
  const changed = (Object.keys(current) as (keyof PendingInvoiceUpdate)[]).filter((k) => current[k] !== seen[k]);
  if (changed.length > 0) throw new AppError('invoice-update-changed', { changed, current });
  return { ...invoice.pendingUpdate, pendingUpdate: null };
}

/** The proposal as the API shows it. */
export function pendingUpdateView(record: InvoiceUpdateRecord | null): PendingInvoiceUpdate | null {
  if (!record) return null;
  const { receiver, ...rest } = record;
  return {
    ...rest,
    method: rest.method as PendingInvoiceUpdate['method'],
    bank: rest.bank as PendingInvoiceUpdate['bank'],
    receiverName: receiver,
  };
}
