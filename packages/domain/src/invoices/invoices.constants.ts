import { egpToPiastres } from '../common/money.ts';

/** The absolute range of one withdrawal (spec); the platform settings may narrow it. */
export const WITHDRAWAL_MIN_EGP = 100;
export const WITHDRAWAL_MAX_EGP = 50_000;
export const WITHDRAWAL_MIN_PIASTRES = egpToPiastres(WITHDRAWAL_MIN_EGP);
export const WITHDRAWAL_MAX_PIASTRES = egpToPiastres(WITHDRAWAL_MAX_EGP);
/** Spec §9: a request is processed in 4 to 5 business days (shown to the tutor). */
export const WITHDRAWAL_PROCESSING_BUSINESS_DAYS = { min: 4, max: 5 } as const;
export const INVOICE_NOTE_MAX_LENGTH = 500;
/** Ways a tutor keeps to be paid: enough for every wallet, card and account one has, never a script's thousands. */
export const WITHDRAW_METHODS_MAX = 10;
/** A receipt image (a transfer screenshot or a scan). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** Weeks shown in the earnings chart. */
export const EARNINGS_CHART_WEEKS = 12;
