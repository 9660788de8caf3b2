import type { paymentsAr } from './payments.ar.ts';

/** English messages of the payments features: every key of the Arabic file, checked by the type. */
export const paymentsEn: Record<keyof typeof paymentsAr, string> = {};
