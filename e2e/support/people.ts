import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

export interface Person {
  token: string;
  user: { id: number; name: string; role: number };
}

let counter = 0;

/**
 * Marks a student's guided tour as taken, as skipping it does: it opens by itself on the dashboard and covers the
 * foot of a phone's screen, so journeys about other things start with it taken (e2e/tour.spec.ts walks it).
 */
export async function takeTour(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.put('/api/v1/student/tour', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`take the tour: ${response.status()} ${await response.text()}`);
}

/** `email` signed in through the API (the demo accounts' password unless another is given). */
export async function signInApi(request: APIRequestContext, email: string, password = 'Darsak2026'): Promise<Person> {
  const response = await request.post('/api/v1/auth/password', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign in ${email}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Person;
}

/**
 * A new account made through the API (unique e-mail per run), so journeys never share state; a student has taken
 * the guided tour unless `tour` is 'untaken'.
 */
export async function registerPerson(
  request: APIRequestContext,
  role: 'student' | 'tutor',
  { tour = 'taken' }: { tour?: 'taken' | 'untaken' } = {},
): Promise<Person> {
  counter += 1;
  const stamp = `${Date.now()}-${process.pid}-${counter}`;
  const response = await request.post('/api/v1/user/', {
    data: {
      role,
      name: role === 'tutor' ? 'أحمد محمود' : 'سارة علي',
      email: `e2e-${role}-${stamp}@example.com`,
      password: 'secret123',
    },
  });
  if (response.status() !== 201) throw new Error(`register ${role}: ${response.status()} ${await response.text()}`);
  const person = (await response.json()) as Person;
  if (role === 'student' && tour === 'taken') await takeTour(request, person.token);
  return person;
}

/**
 * A browser context already signed in as `person` (the session is put where the app keeps it, as after a sign-in),
 * with the viewport of the page's project (and `baseURL` for a browser the journey launched itself).
 */
export async function signedInContext(
  browser: Browser,
  like: Page,
  person: Person,
  options: { permissions?: string[]; baseURL?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: like.viewportSize() ?? { width: 1280, height: 800 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('darsak.token', token);
      window.localStorage.setItem('darsak.user', JSON.stringify({ user }));
    },
    [person.token, person.user] as const,
  );
  return context;
}

/** Signs out through the account menu, as a user does, and lands on the sign-in page. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'قائمة الحساب' });
  await menu.click();
  await page
    .locator(`#${await menu.getAttribute('aria-controls')}`)
    .getByRole('button', { name: 'تسجيل الخروج' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
}
