import type { APIRequestContext, Page } from '@playwright/test';

export const API = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const ADMIN = process.env.E2E_ADMIN_URL ?? 'http://localhost:3001';
/** Where the admin app looks for the API by default (port 3000 of its host). */
const DEFAULT_API = 'http://localhost:3000';

/** Against a server on another port, the admin app's calls to port 3000 go to that server. */
export async function reachApiFrom(page: Page): Promise<void> {
  if (API === DEFAULT_API) return;
  await page.route(`${DEFAULT_API}/**`, (route) =>
    route.continue({ url: route.request().url().replace(DEFAULT_API, API) }),
  );
}

/** Signs in to the admin app through its sign-in page. */
export async function signInToAdmin(page: Page, email: string, password: string, next = '/'): Promise<void> {
  await reachApiFrom(page);
  await page.goto(`${ADMIN}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/^البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill(password);
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The token of the newest invite link e-mailed to this address, read from the local outbox. */
export async function inviteTokenFor(request: APIRequestContext, email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
    if (response.ok()) {
      const { list } = (await response.json()) as { list: { text: string }[] };
      const match = list.map((m) => /\/invite\/([\w-]{43})/.exec(m.text)?.[1]).find(Boolean);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no invite link reached ${email} within ${timeoutMs} ms`);
}

let adminSession: Promise<{ token: string; user: unknown }> | undefined;

/**
 * Opens the admin app already signed in as the demo admin (one API sign-in per run, kept where the app keeps
 * its session), so the journeys stay under the sign-in rate limit; the sign-in page itself is used by the
 * invite journey.
 */
export async function openAdminAs(page: Page, request: APIRequestContext, path: string): Promise<void> {
  adminSession ??= (async () => {
    const response = await request.post('/api/v1/auth/password', {
      data: { email: 'admin@darsak.test', password: 'Darsak2026' },
    });
    if (!response.ok()) throw new Error(`admin sign-in: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { token: string; user: unknown };
  })();
  const { token, user } = await adminSession;
  await reachApiFrom(page);
  await page.context().addInitScript(
    ([t, u]) => {
      window.localStorage.setItem('darsak.token', t);
      window.localStorage.setItem('darsak.user', JSON.stringify({ user: u }));
    },
    [token, user] as const,
  );
  await page.goto(`${ADMIN}${path}`);
}
