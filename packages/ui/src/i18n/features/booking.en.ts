import type { bookingAr } from './booking.ar.ts';

/** English messages of the booking features: every key of the Arabic file, checked by the type. */
export const bookingEn: Record<keyof typeof bookingAr, string> = {};
