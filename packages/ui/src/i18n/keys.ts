import type { ar } from './ar.ts';
import type { appFrameAr } from './features/app-frame.ar.ts';
import type { bookingAr } from './features/booking.ar.ts';
import type { inviteAr } from './features/invite.ar.ts';
import type { invoicesAr } from './features/invoices.ar.ts';
import type { onboardingAr } from './features/onboarding.ar.ts';
import type { onboardingStaffAr } from './features/onboarding-staff.ar.ts';
import type { operationsAr } from './features/operations.ar.ts';
import type { paymentsAr } from './features/payments.ar.ts';
import type { platformSettingsAr } from './features/platform-settings.ar.ts';
import type { pushAr } from './features/push.ar.ts';
import type { realtimeAr } from './features/realtime.ar.ts';
import type { reportsAr } from './features/reports.ar.ts';
import type { serverStatsAr } from './features/server-stats.ar.ts';
import type { staffAr } from './features/staff.ar.ts';
import type { telegramAr } from './features/telegram.ar.ts';
import type { tourAr } from './features/tour.ar.ts';
import type { tutorsStaffAr } from './features/tutors-staff.ar.ts';

/**
 * Every Arabic message of every catalogue, as a type only: one key union for `t` whichever app registers which
 * feature (an app's test checks it registers the keys it uses), at no cost in any bundle.
 */
export type ArabicMessages = typeof ar &
  typeof appFrameAr &
  typeof bookingAr &
  typeof inviteAr &
  typeof invoicesAr &
  typeof onboardingAr &
  typeof onboardingStaffAr &
  typeof operationsAr &
  typeof paymentsAr &
  typeof platformSettingsAr &
  typeof pushAr &
  typeof realtimeAr &
  typeof reportsAr &
  typeof serverStatsAr &
  typeof staffAr &
  typeof telegramAr &
  typeof tourAr &
  typeof tutorsStaffAr;

export type MessageKey = keyof ArabicMessages;
