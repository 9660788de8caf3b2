import { defineConfig, devices } from '@playwright/test';

const jsonReport = process.env.PLAYWRIGHT_JSON;

/**
 * Each journey runs once, on the screen its people use: students and tutors on a phone, staff at a desk. Only the
 * accessibility audit runs on both, since the two layouts are different pages to a screen reader. (Running every
 * journey on both doubled CI's longest step and proved nothing the layout tests don't.)
 */
const BOTH_SCREENS = ['accessibility.spec.ts'];
/** Journeys on a server of their own (the network lab's): they share nothing with the others. */
const OWN_SERVER = ['networks.spec.ts'];
/**
 * `npm run e2e` with no arguments runs two lanes side by side (scripts/e2e.mjs): beside the journeys, the audits,
 * which only read pages, and the network lab, which runs its own server and mostly waits on its networks; the
 * journeys change the shared server's data and so run one at a time. Without E2E_LANE, both.
 */
const lane = process.env.E2E_LANE as 'audits' | 'journeys' | undefined;
const audits = lane !== 'journeys';
const journeys = lane !== 'audits';
const AT_A_DESK = [
  'admin.spec.ts',
  'staff-writes.spec.ts',
  'platform-settings.spec.ts',
  'withdrawals.spec.ts',
  'reports.spec.ts',
  'onboarding.spec.ts',
  'integrations.spec.ts',
  'analytics.spec.ts',
  'security.spec.ts',
  'live-lesson-relay.spec.ts',
];

/** Journeys run in Debian's Chromium (no browser download), Arabic locale, against `npm start`'s server. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  // A server that stops answering fails every journey slowly: stop early rather than use up CI's time.
  maxFailures: process.env.CI ? 8 : 0,
  globalTimeout: process.env.CI ? 50 * 60_000 : 0,
  workers: 1,
  // Each lane its own folder: Playwright empties its output folder as it starts.
  outputDir: lane ? `./results/${lane}` : './results',
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4100',
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      testMatch: journeys ? '**/*.spec.ts' : [...BOTH_SCREENS, ...OWN_SERVER],
      testIgnore: audits ? AT_A_DESK : [...AT_A_DESK, ...BOTH_SCREENS, ...OWN_SERVER],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
    {
      name: 'desktop',
      testMatch: [...(journeys ? AT_A_DESK : []), ...(audits ? BOTH_SCREENS : [])],
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' },
    },
  ],
});
