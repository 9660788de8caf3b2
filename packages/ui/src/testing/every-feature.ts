import { appFrameMessages } from '../i18n/features/app-frame.ar.ts';
import { bookingMessages } from '../i18n/features/booking.ar.ts';
import { inviteMessages } from '../i18n/features/invite.ar.ts';
import { invoicesMessages } from '../i18n/features/invoices.ar.ts';
import { onboardingMessages } from '../i18n/features/onboarding.ar.ts';
import { onboardingStaffMessages } from '../i18n/features/onboarding-staff.ar.ts';
import { operationsMessages } from '../i18n/features/operations.ar.ts';
import { paymentsMessages } from '../i18n/features/payments.ar.ts';
import { platformSettingsMessages } from '../i18n/features/platform-settings.ar.ts';
import { realtimeMessages } from '../i18n/features/realtime.ar.ts';
import { reportsMessages } from '../i18n/features/reports.ar.ts';
import { serverStatsMessages } from '../i18n/features/server-stats.ar.ts';
import { staffMessages } from '../i18n/features/staff.ar.ts';
import { telegramMessages } from '../i18n/features/telegram.ar.ts';
import { tourMessages } from '../i18n/features/tour.ar.ts';
import { tutorsStaffMessages } from '../i18n/features/tutors-staff.ar.ts';
import type { FeatureMessages } from '../i18n/messages.ts';

/** Every feature catalogue by its export name (the app tests read which ones a route module registers). */
export const FEATURES_BY_NAME: Readonly<Record<string, FeatureMessages>> = {
  appFrameMessages,
  bookingMessages,
  inviteMessages,
  invoicesMessages,
  onboardingMessages,
  onboardingStaffMessages,
  operationsMessages,
  paymentsMessages,
  platformSettingsMessages,
  realtimeMessages,
  reportsMessages,
  serverStatsMessages,
  staffMessages,
  telegramMessages,
  tourMessages,
  tutorsStaffMessages,
};

/**
 * Every feature catalogue: component tests render pieces of any app without its entry, so the test setup
 * registers them all; the catalogue tests walk them all.
 */
export const EVERY_FEATURE: readonly FeatureMessages[] = Object.values(FEATURES_BY_NAME);
