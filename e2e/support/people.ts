import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

export interface Person {
  token: string;
  user: { id: number; name: string; role: number };
}

let counter = 0;

/** A new account made through the API (unique e-mail per run), so journeys never share state. */
export async function registerPerson(request: APIRequestContext, role: 'student' | 'tutor'): Promise<Person> {
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
  return (await response.json()) as Person;
}

/**
 * A browser context already signed in as `person` (the session is put where the app keeps it, as after a sign-in),
 * with the viewport of the page's project.
 */
export async function signedInContext(
  browser: Browser,
  like: Page,
  person: Person,
  options: { permissions?: string[] } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: like.viewportSize() ?? { width: 1280, height: 800 },
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
