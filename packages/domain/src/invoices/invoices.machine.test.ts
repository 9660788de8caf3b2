import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { InvoiceLabel, InvoiceStatus } from './invoices.enums.ts';
import {
  awaitsUpdateApproval,
  canApplyInvoiceEvent,
  INITIAL_INVOICE_STATE,
  INVOICE_EVENTS,
  type InvoiceEvent,
  type InvoiceState,
  isBalanceReserved,
  isInvoiceFinal,
  nextInvoiceState,
  reservedByInvoice,
} from './invoices.machine.ts';

const S = InvoiceStatus;
const L = InvoiceLabel;
const LABELS = Object.values(InvoiceLabel);
const STATUSES = Object.values(InvoiceStatus);

const pending = { status: S.pendingApproval, label: L.pending };
const proposed = { status: S.pendingApproval, label: L.updatedByReceiver };
const cancelAsked = { status: S.pendingCancellation, label: L.canceledByReceiver };
const canceledByAdmin = { status: S.canceled, label: L.canceledByAdmin };
const rejected = { status: S.rejected, label: L.rejected };
const none = {
  edit: null,
  approveUpdate: null,
  requestCancel: null,
  approveCancel: null,
  adminCancel: null,
  fulfil: null,
  reject: null,
};

/** Expected outcome of every (label, event) pair; null means illegal. */
const EXPECTED: Record<InvoiceLabel, Record<InvoiceEvent, InvoiceState | null>> = {
  [L.pending]: {
    ...none,
    edit: proposed,
    requestCancel: cancelAsked,
    adminCancel: canceledByAdmin,
    fulfil: { status: S.approved, label: L.fulfilled },
    reject: rejected,
  },
  [L.updatedByReceiver]: {
    ...none,
    edit: proposed,
    approveUpdate: pending,
    requestCancel: cancelAsked,
    adminCancel: canceledByAdmin,
    reject: rejected,
  },
  [L.canceledByReceiver]: {
    ...none,
    approveCancel: { status: S.canceled, label: L.cancellationApprovedByAdmin },
    adminCancel: canceledByAdmin,
  },
  [L.cancellationApprovedByAdmin]: none,
  [L.canceledByAdmin]: none,
  [L.fulfilled]: none,
  [L.rejected]: none,
};

describe('invoice machine', () => {
  it('starts pending approval', () => {
    expect(INITIAL_INVOICE_STATE).toEqual(pending);
  });

  for (const from of LABELS) {
    for (const event of INVOICE_EVENTS) {
      const expected = EXPECTED[from][event];
      it(`${from} + ${event} → ${expected ? expected.label : 'illegal'}`, () => {
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

  it('reserves the balance only while 0 or 1, the larger amount while an update waits', () => {
    expect(STATUSES.filter(isBalanceReserved)).toEqual([0, 1]);
    expect(LABELS.filter(awaitsUpdateApproval)).toEqual([L.updatedByReceiver]);
    const request = { status: S.pendingApproval, amountPiastres: 50_000, pendingUpdate: null };
    expect(reservedByInvoice(request)).toBe(50_000);
    expect(reservedByInvoice({ ...request, pendingUpdate: { amountPiastres: 80_000 } })).toBe(80_000);
    expect(reservedByInvoice({ ...request, pendingUpdate: { amountPiastres: 20_000 } })).toBe(50_000);
    expect(reservedByInvoice({ ...request, status: S.rejected })).toBe(0);
  });
});
