import { defineConfig, devices } from '@playwright/test';

const jsonReport = process.env.PLAYWRIGHT_JSON;

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
  outputDir: './results',
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
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
  ],
});
