import { AppError } from '../errors/app-error.ts';
import { InvoiceLabel, InvoiceStatus } from './invoices.enums.ts';

/** What can happen to a withdrawal request (DESIGN §4). */
export const InvoiceEvent = {
  edit: 'edit',
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

/** A new request starts here. */
export const INITIAL_INVOICE_STATE: InvoiceState = {
  status: InvoiceStatus.pendingApproval,
  label: InvoiceLabel.pending,
};

const S = InvoiceStatus;
const L = InvoiceLabel;

/**
 * The whole transition table; anything absent is illegal. Fulfil and reject need a pending request:
 * once the tutor asked to cancel, the admin either grants it or cancels it outright.
 */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, Partial<Record<InvoiceEvent, InvoiceState>>> = {
  [S.pendingApproval]: {
    edit: { status: S.pendingApproval, label: L.updatedByReceiver },
    requestCancel: { status: S.pendingCancellation, label: L.canceledByReceiver },
    adminCancel: { status: S.canceled, label: L.canceledByAdmin },
    fulfil: { status: S.approved, label: L.fulfilled },
    reject: { status: S.rejected, label: L.rejected },
  },
  [S.pendingCancellation]: {
    approveCancel: { status: S.canceled, label: L.cancellationApprovedByAdmin },
    adminCancel: { status: S.canceled, label: L.canceledByAdmin },
  },
  [S.canceled]: {},
  [S.approved]: {},
  [S.rejected]: {},
};

export const INVOICE_FINAL_STATUSES: readonly InvoiceStatus[] = [S.canceled, S.approved, S.rejected];

export const canApplyInvoiceEvent = (from: InvoiceStatus, event: InvoiceEvent): boolean =>
  INVOICE_TRANSITIONS[from][event] !== undefined;

/** The state after `event`, or `illegal-invoice-update` when the table does not allow it. */
export function nextInvoiceState(from: InvoiceStatus, event: InvoiceEvent): InvoiceState {
  const next = INVOICE_TRANSITIONS[from][event];
  if (!next) throw new AppError('illegal-invoice-update', { from, event });
  return next;
}

export const isInvoiceFinal = (status: InvoiceStatus): boolean => INVOICE_FINAL_STATUSES.includes(status);

/** The amount is held back from the tutor's balance while the request may still be paid. */
export const isBalanceReserved = (status: InvoiceStatus): boolean =>
  status === S.pendingApproval || status === S.pendingCancellation;
