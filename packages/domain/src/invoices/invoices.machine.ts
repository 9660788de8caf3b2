import { AppError } from '../errors/app-error.ts';
import { InvoiceLabel, InvoiceStatus } from './invoices.enums.ts';

/** What can happen to a withdrawal request (DESIGN §4). */
export const InvoiceEvent = {
  edit: 'edit',
  approveUpdate: 'approveUpdate',
  requestCancel: 'requestCancel',
  approveCancel: 'approveCancel',
  adminCancel: 'adminCancel',
  fulfil: 'fulfil',
  reject: 'reject',
} as const;
export type InvoiceEvent = (typeof InvoiceEvent)[keyof typeof InvoiceEvent];
export const INVOICE_EVENTS = Object.values(InvoiceEvent);

/** Who may send each event: the tutor who owns the invoice, or an admin. */
export const INVOICE_EVENT_ACTOR = {
  edit: 'owner',
  approveUpdate: 'admin',
  requestCancel: 'owner',
  approveCancel: 'admin',
  adminCancel: 'admin',
  fulfil: 'admin',
  reject: 'admin',
} as const satisfies Record<InvoiceEvent, 'owner' | 'admin'>;

export interface InvoiceState {
  status: InvoiceStatus;
  label: InvoiceLabel;
}

const S = InvoiceStatus;
const L = InvoiceLabel;

/** A new request starts here. */
export const INITIAL_INVOICE_STATE: InvoiceState = { status: S.pendingApproval, label: L.pending };

/** The spec status each label belongs to (the label is the finer state; the database checks the pairs too). */
export const INVOICE_STATUS_OF: Record<InvoiceLabel, InvoiceStatus> = {
  [L.pending]: S.pendingApproval,
  [L.updatedByReceiver]: S.pendingApproval,
  [L.canceledByReceiver]: S.pendingCancellation,
  [L.cancellationApprovedByAdmin]: S.canceled,
  [L.canceledByAdmin]: S.canceled,
  [L.fulfilled]: S.approved,
  [L.rejected]: S.rejected,
};

const to = (label: InvoiceLabel): InvoiceState => ({ status: INVOICE_STATUS_OF[label], label });

/**
 * The whole transition table, keyed by label; anything absent is illegal. A tutor's edit of a pending request
 * is a proposal (updated-by-receiver) that waits for an admin's "approve update", which gives the request the
 * new values; until then it is not paid out, so what is transferred is what was approved. The tutor may edit
 * the proposal again or ask to cancel; the admin may also reject or cancel the request. Fulfil and reject need a
 * pending request: once the tutor asked to cancel, the admin either grants it or cancels it outright.
 */
export const INVOICE_TRANSITIONS: Record<InvoiceLabel, Partial<Record<InvoiceEvent, InvoiceState>>> = {
  [L.pending]: {
    edit: to(L.updatedByReceiver),
    requestCancel: to(L.canceledByReceiver),
    adminCancel: to(L.canceledByAdmin),
    fulfil: to(L.fulfilled),
    reject: to(L.rejected),
  },
  [L.updatedByReceiver]: {
    edit: to(L.updatedByReceiver),
    approveUpdate: to(L.pending),
    requestCancel: to(L.canceledByReceiver),
    adminCancel: to(L.canceledByAdmin),
    reject: to(L.rejected),
  },
  [L.canceledByReceiver]: {
    approveCancel: to(L.cancellationApprovedByAdmin),
    adminCancel: to(L.canceledByAdmin),
  },
  [L.cancellationApprovedByAdmin]: {},
  [L.canceledByAdmin]: {},
  [L.fulfilled]: {},
  [L.rejected]: {},
};

export const INVOICE_FINAL_STATUSES: readonly InvoiceStatus[] = [S.canceled, S.approved, S.rejected];

export const canApplyInvoiceEvent = (from: InvoiceLabel, event: InvoiceEvent): boolean =>
  INVOICE_TRANSITIONS[from][event] !== undefined;

/** The state after `event`, or `illegal-invoice-update` when the table does not allow it. */
export function nextInvoiceState(from: InvoiceLabel, event: InvoiceEvent): InvoiceState {
  const next = INVOICE_TRANSITIONS[from][event];
  if (!next) throw new AppError('illegal-invoice-update', { from, event });
  return next;
}

export const isInvoiceFinal = (status: InvoiceStatus): boolean => INVOICE_FINAL_STATUSES.includes(status);

/** The amount is held back from the tutor's balance while the request may still be paid. */
export const isBalanceReserved = (status: InvoiceStatus): boolean =>
  status === S.pendingApproval || status === S.pendingCancellation;

/** A proposed update exists exactly while the request is updated-by-receiver. */
export const awaitsUpdateApproval = (label: InvoiceLabel): boolean => label === L.updatedByReceiver;

/**
 * What a request holds back from its tutor's balance: while a proposed amount waits for approval, the larger of
 * the two, so approving it can never overdraw the balance (and a smaller one changes nothing until approved).
 */
export function reservedByInvoice(invoice: {
  status: InvoiceStatus;
  amountPiastres: number;
  pendingUpdate: { amountPiastres: number } | null;
}): number {
  if (!isBalanceReserved(invoice.status)) return 0;
  return Math.max(invoice.amountPiastres, invoice.pendingUpdate?.amountPiastres ?? 0);
}
