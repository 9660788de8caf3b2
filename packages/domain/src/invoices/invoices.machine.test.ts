import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { InvoiceLabel, InvoiceStatus } from './invoices.enums.ts';
import {
  canApplyInvoiceEvent,
  INITIAL_INVOICE_STATE,
  INVOICE_EVENTS,
  type InvoiceEvent,
  type InvoiceState,
  isBalanceReserved,
  isInvoiceFinal,
  nextInvoiceState,
} from './invoices.machine.ts';

const S = InvoiceStatus;
const L = InvoiceLabel;

/** Expected outcome of every (status, event) pair; null means illegal. */
const EXPECTED: Record<InvoiceStatus, Record<InvoiceEvent, InvoiceState | null>> = {
  [S.pendingApproval]: {
    edit: { status: S.pendingApproval, label: L.updatedByReceiver },
    requestCancel: { status: S.pendingCancellation, label: L.canceledByReceiver },
    approveCancel: null,
    adminCancel: { status: S.canceled, label: L.canceledByAdmin },
    fulfil: { status: S.approved, label: L.fulfilled },
    reject: { status: S.rejected, label: L.rejected },
  },
  [S.pendingCancellation]: {
    edit: null,
    requestCancel: null,
    approveCancel: { status: S.canceled, label: L.cancellationApprovedByAdmin },
    adminCancel: { status: S.canceled, label: L.canceledByAdmin },
    fulfil: null,
    reject: null,
  },
  [S.canceled]: { edit: null, requestCancel: null, approveCancel: null, adminCancel: null, fulfil: null, reject: null },
  [S.approved]: { edit: null, requestCancel: null, approveCancel: null, adminCancel: null, fulfil: null, reject: null },
  [S.rejected]: { edit: null, requestCancel: null, approveCancel: null, adminCancel: null, fulfil: null, reject: null },
};

const STATUSES = Object.values(InvoiceStatus);

describe('invoice machine', () => {
  it('starts pending approval', () => {
    expect(INITIAL_INVOICE_STATE).toEqual({ status: S.pendingApproval, label: L.pending });
  });

  for (const from of STATUSES) {
    for (const event of INVOICE_EVENTS) {
      const expected = EXPECTED[from][event];
      it(`${from} + ${event} → ${expected ? expected.status : 'illegal'}`, () => {
        expect(canApplyInvoiceEvent(from, event)).toBe(expected !== null);
        if (expected) {
          expect(nextInvoiceState(from, event)).toEqual(expected);
          return;
        }
        try {
          nextInvoiceState(from, event);
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('illegal-invoice-update');
          expect((error as AppError).status).toBe(422);
          expect((error as AppError).details).toEqual({ from, event });
        }
      });
    }
  }

  it('has final states 2, 3 and 4', () => {
    expect(STATUSES.filter(isInvoiceFinal)).toEqual([2, 3, 4]);
  });

  it('reserves the balance only while 0 or 1', () => {
    expect(STATUSES.filter(isBalanceReserved)).toEqual([0, 1]);
  });
});
