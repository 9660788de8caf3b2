import { z } from 'zod';
import { IdParams, NoContent } from '../common/ids.ts';
import { pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { RECEIPT_MAX_BYTES } from './invoices.constants.ts';
import {
  BalanceSchema,
  CreateInvoiceInput,
  EarningSchema,
  EarningsQuery,
  InvoiceActionInput,
  InvoiceListQuery,
  InvoiceNoteInput,
  InvoiceSchema,
  UpdateInvoiceInput,
  WithdrawMethodInput,
  WithdrawMethodItemSchema,
} from './invoices.schemas.ts';

const invoice = { tags: ['invoice'] } as const;
/** DESIGN §4: tutors (and tutor managers, who also teach) withdraw; admins process. */
const TUTORS = ROLE_GROUPS.tutorLike;
const TUTORS_AND_ADMINS = [...ROLE_GROUPS.tutorLike, ...ROLE_GROUPS.admins] as const;

/** INVOICE of spec §7: withdrawal requests, the balance behind them and the admin's decisions. */
export const invoicesContract = {
  create: defineRoute({
    ...invoice,
    method: 'POST',
    path: '/api/v1/invoice',
    summary:
      'Request a withdrawal (within the limits of the platform settings, 100 to 50,000 EGP by default; never above the available balance)',
    auth: TUTORS,
    body: CreateInvoiceInput,
    response: InvoiceSchema,
    status: 201,
    errors: ['withdraw-method-not-found', 'not-enough-balance', 'withdraw-amount-outside-limits'],
  }),
  list: defineRoute({
    ...invoice,
    method: 'GET',
    path: '/api/v1/invoice',
    summary: "The tutor's withdrawal requests, newest first (admins: the queue, filtered)",
    auth: TUTORS_AND_ADMINS,
    query: InvoiceListQuery,
    response: pageOf(InvoiceSchema),
    errors: [],
  }),
  stats: defineRoute({
    ...invoice,
    method: 'GET',
    path: '/api/v1/invoice/stats/:id',
    summary: "A tutor's balance: earned, reserved, paid out, available, and earnings by week",
    auth: TUTORS_AND_ADMINS,
    params: IdParams,
    response: BalanceSchema,
    errors: ['tutor-not-found', 'forbidden'],
  }),
  earnings: defineRoute({
    ...invoice,
    method: 'GET',
    path: '/api/v1/invoice/earnings',
    summary: 'The fulfilled lessons behind a balance, newest first, by Cairo month',
    auth: TUTORS_AND_ADMINS,
    query: EarningsQuery,
    response: pageOf(EarningSchema),
    errors: [],
  }),
  update: defineRoute({
    ...invoice,
    method: 'PATCH',
    path: '/api/v1/invoice/:id',
    summary:
      'Propose a new amount or method for a pending request (its owner): updated-by-receiver until an admin approves the update',
    auth: TUTORS,
    params: IdParams,
    body: UpdateInvoiceInput,
    response: InvoiceSchema,
    errors: [
      'invoice-not-found',
      'forbidden',
      'illegal-invoice-update',
      'withdraw-method-not-found',
      'not-enough-balance',
      'withdraw-amount-outside-limits',
    ],
  }),
  cancel: defineRoute({
    ...invoice,
    method: 'POST',
    path: '/api/v1/invoice/:id/cancel',
    summary: 'Ask to cancel a pending request (its owner): pending cancellation until an admin decides',
    auth: TUTORS,
    params: IdParams,
    response: InvoiceSchema,
    errors: ['invoice-not-found', 'forbidden', 'illegal-invoice-update'],
  }),
  act: defineRoute({
    ...invoice,
    method: 'POST',
    path: '/api/v1/invoice/:id/action',
    summary: "Approve the tutor's update or a cancellation, cancel, or reject with a note (admins)",
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: InvoiceActionInput,
    response: InvoiceSchema,
    errors: ['invoice-not-found', 'illegal-invoice-update', 'invoice-update-changed'],
  }),
  fulfil: defineRoute({
    ...invoice,
    method: 'PUT',
    path: '/api/v1/invoice/:id/with/asset',
    summary: 'Mark a request fulfilled with the transfer receipt image (admins; field `receipt`)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    multipart: { files: ['receipt'], maxBytes: RECEIPT_MAX_BYTES },
    response: InvoiceSchema,
    errors: ['invoice-not-found', 'illegal-invoice-update', 'large-file-size', 'unsupported-file-type'],
  }),
  note: defineRoute({
    ...invoice,
    method: 'PUT',
    path: '/api/v1/invoice/:id/note',
    summary: "Edit or remove (null) the admin's note on a request (admins)",
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: InvoiceNoteInput,
    response: InvoiceSchema,
    errors: ['invoice-not-found'],
  }),
} as const;

const method = { tags: ['withdraw-method'] } as const;

/** The tutor's saved payout methods, chosen when requesting a withdrawal. */
export const withdrawMethodsContract = {
  list: defineRoute({
    ...method,
    method: 'GET',
    path: '/api/v1/withdraw-method',
    summary: "The caller's withdraw methods, the default first",
    auth: TUTORS,
    response: z.array(WithdrawMethodItemSchema),
    errors: [],
  }),
  create: defineRoute({
    ...method,
    method: 'POST',
    path: '/api/v1/withdraw-method',
    summary: 'Save a withdraw method: wallet (Egyptian mobile), bank (bank, account, holder) or Instapay',
    auth: TUTORS,
    body: WithdrawMethodInput,
    response: WithdrawMethodItemSchema,
    status: 201,
    errors: ['invalid-invoice-method', 'too-many-withdraw-methods', 'incorrect-phone'],
  }),
  update: defineRoute({
    ...method,
    method: 'PUT',
    path: '/api/v1/withdraw-method/:id',
    summary: 'Replace a saved withdraw method (requests already made keep their copy)',
    auth: TUTORS,
    params: IdParams,
    body: WithdrawMethodInput,
    response: WithdrawMethodItemSchema,
    errors: ['withdraw-method-not-found', 'invalid-invoice-method', 'incorrect-phone'],
  }),
  remove: defineRoute({
    ...method,
    method: 'DELETE',
    path: '/api/v1/withdraw-method/:id',
    summary: 'Remove a saved withdraw method',
    auth: TUTORS,
    params: IdParams,
    response: NoContent,
    status: 204,
    errors: ['withdraw-method-not-found'],
  }),
} as const;
