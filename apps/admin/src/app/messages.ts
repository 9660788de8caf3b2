import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { invoicesMessages } from '@darsak/ui/i18n/features/invoices.ar.ts';
import { onboardingMessages } from '@darsak/ui/i18n/features/onboarding.ar.ts';
import { onboardingStaffMessages } from '@darsak/ui/i18n/features/onboarding-staff.ar.ts';
import { operationsMessages } from '@darsak/ui/i18n/features/operations.ar.ts';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { platformSettingsMessages } from '@darsak/ui/i18n/features/platform-settings.ar.ts';
import { reportsMessages } from '@darsak/ui/i18n/features/reports.ar.ts';
import { serverStatsMessages } from '@darsak/ui/i18n/features/server-stats.ar.ts';
import { staffMessages } from '@darsak/ui/i18n/features/staff.ar.ts';
import { tutorsStaffMessages } from '@darsak/ui/i18n/features/tutors-staff.ar.ts';

/**
 * The feature catalogues the admin app shows beside the common one (the student and tutor pages' stay out of its
 * bundle); the entry registers them before the first render, and messages.test.ts checks they hold every key the
 * app uses.
 */
export const ADMIN_FEATURES = [
  bookingMessages,
  invoicesMessages,
  onboardingMessages,
  onboardingStaffMessages,
  operationsMessages,
  paymentsMessages,
  platformSettingsMessages,
  reportsMessages,
  serverStatsMessages,
  staffMessages,
  tutorsStaffMessages,
];
