import type { Page } from '@playwright/test';
import { expect, takeViolations, test } from './support/test.ts';

/**
 * Security headers in the browser (issue 9): each origin one server process answers on sends its policy, the
 * built pages run under it (the guard of support/test.ts fails any journey that logs a violation), and a script
 * from elsewhere is refused.
 */
const API = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const ADMIN = process.env.E2E_ADMIN_URL ?? 'http://localhost:3001';
const SITE = process.env.E2E_SITE_URL ?? 'http://localhost:3002';

/** Tries to run a script from another origin, as an injected tag would; answers whether it ran. */
const foreignScriptRuns = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const script = document.createElement('script');
        script.src = 'https://cdn.example.invalid/steal.js';
        script.onload = () => resolve(true);
        script.onerror = () => resolve(false);
        document.head.append(script);
      }),
  );

for (const [name, url] of [
  ['main app', `${API}/`],
  ['admin app', `${ADMIN}/`],
  ['site', `${SITE}/`],
] as const) {
  test(`the ${name} is served with its policy, never framed, and refuses foreign scripts`, async ({ page }) => {
    const answer = await page.goto(url);
    const headers = answer?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('body')).not.toBeEmpty();
    expect(takeViolations()).toEqual([]);
    expect(await foreignScriptRuns(page)).toBe(false);
    await expect.poll(() => takeViolations().join('\n')).toContain('cdn.example.invalid');
  });
}

test('API answers carry a policy that loads nothing', async ({ request }) => {
  const answer = await request.get(`${API}/api/health`);
  expect(answer.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
});
