import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect } from './test.ts';

/** Lists come from a cache that may be rebuilding after a change: give screens a little longer. */
const expect = baseExpect.configure({ timeout: 15_000 });

export const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const latinNumber = (text: string) =>
  Number(text.replace(/[٠-٩]/g, (d) => String(ARABIC_DIGITS.indexOf(d))).replace(/[^\d]/g, ''));

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A student's minutes: the seeded student holds a subscription (apps/server/src/seed); for anyone without one,
 * one month of the 120-minute plan is bought through the local gateway simulator, as a person would.
 */
export async function ensureMinutes(request: APIRequestContext, token: string): Promise<void> {
  const current = await (await request.get('/api/v1/sub/user', { headers: bearer(token) })).json();
  if (current.id !== -1) return;
  const plans = await (await request.get('/api/v1/plan/list', { headers: bearer(token) })).json();
  const plan = plans.list.find((p: { weeklyMinutes: number }) => p.weeklyMinutes === 120) ?? plans.list[0];
  const checkout = await request.post('/api/v1/paymob/create-checkout-url', {
    headers: bearer(token),
    data: { planId: plan.id, period: 'month', idempotencyKey: `e2e-booking-${Date.now()}` },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { transaction } = await checkout.json();
  await request.post(`/dev/gateway/pay/${transaction.merchantRefNum}`, { form: { action: 'pay' }, maxRedirects: 0 });
  await expect
    .poll(async () => (await (await request.get('/api/v1/sub/user', { headers: bearer(token) })).json()).id)
    .not.toBe(-1);
}

/** The minutes left this week, as the student's dashboard shows them. */
export async function remainingMinutes(page: Page): Promise<number> {
  await page.goto('/s/dashboard');
  const value = page.getByTestId('remaining-minutes');
  await expect(value).toBeVisible();
  return latinNumber((await value.textContent()) ?? '');
}
