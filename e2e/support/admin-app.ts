import type { APIRequestContext, Page } from '@playwright/test';
import { type Person, signInApi } from './people.ts';

export const ADMIN = process.env.E2E_ADMIN_URL ?? 'http://localhost:3001';

/** Signs in to the admin app through its sign-in page. */
export async function signInToAdmin(page: Page, email: string, password: string, next = '/'): Promise<void> {
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

const sessions = new Map<string, Promise<Person>>();

export interface AdminAppOptions {
  /** The demo staff account to be: the admin unless another is named. */
  as?: string;
  /** The admin app's address, for a journey running a server of its own. */
  admin?: string;
}

/**
 * Opens the admin app already signed in as a demo staff member (one API sign-in per account and server in a run,
 * kept where the app keeps its session), so the journeys stay under the sign-in rate limit; the sign-in page
 * itself is used by the invite journey. `request` must reach the same server as `admin`.
 */
export async function openAdminAs(
  page: Page,
  request: APIRequestContext,
  path: string,
  { as = 'admin@darsak.test', admin = ADMIN }: AdminAppOptions = {},
): Promise<void> {
  const key = `${admin} ${as}`;
  const session = sessions.get(key) ?? signInApi(request, as);
  sessions.set(key, session);
  const { token, user } = await session;
  await page.context().addInitScript(
    ([t, u]) => {
      window.localStorage.setItem('darsak.token', t);
      window.localStorage.setItem('darsak.user', JSON.stringify({ user: u }));
    },
    [token, user] as const,
  );
  await page.goto(`${admin}${path}`);
}
