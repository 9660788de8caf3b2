import { createFakeRealtimeServer } from '@darsak/client';
import type { NotificationPreferences, PushSettings } from '@darsak/domain/notifications';
import type { TutorMeta, User } from '@darsak/domain/users';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { pageDataContext, routes } from '../app/router.tsx';
import { authStore } from '../lib/auth-store.ts';
import { setSocketFactory } from '../lib/realtime.ts';

/** The preferences the server would answer for this user: a channel other than "none" counts as chosen. */
export function makeNotificationPreferences(
  user?: User,
  overrides: Partial<NotificationPreferences> = {},
): NotificationPreferences {
  const channel = user?.notificationMethod ?? 'none';
  const chosen = channel !== 'none';
  const phoneVerified = user?.phoneVerified ?? false;
  return {
    channel,
    kinds: { lessonReminderDay: true, lessonReminderHour: true, subscriptionEnding: true },
    chosen,
    suggestedChannel: chosen ? channel : phoneVerified ? 'whatsapp' : 'email',
    phoneVerified,
    whatsappOffered: true,
    telegramLinked: false,
    ...overrides,
  };
}

/** Web Push offered, every kind off, no device yet. */
export function makePushSettings(overrides: Partial<PushSettings> = {}): PushSettings {
  return {
    available: true,
    publicKey: `B${'A'.repeat(86)}`,
    kinds: { lessonReminders: false, lessonStarting: false, chatMessages: false, paymentResults: false },
    devices: 0,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    role: 4,
    name: 'سارة أحمد',
    email: 'sara@example.com',
    phone: '01012345678',
    governorate: 1,
    birthYear: 2000,
    gender: 'female',
    image: null,
    job: null,
    creditScore: 0,
    notificationMethod: 'whatsapp',
    emailVerified: true,
    phoneVerified: true,
    hasPassword: true,
    profileCompleted: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTutorMeta(overrides: Partial<TutorMeta> = {}): TutorMeta {
  return {
    userId: 7,
    bio: null,
    about: null,
    video: null,
    thumbnail: null,
    activated: false,
    noticePeriodMinutes: 30,
    bypassOnboarding: false,
    missingData: [],
    ...overrides,
  };
}

/** A JWT-shaped token whose payload is valid for an hour (the signature is never checked by the client). */
export function fakeToken(id = 7): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = btoa(JSON.stringify({ id, iat: now, exp: now + 3600 })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

type Handler = (init: RequestInit | undefined, url: URL) => { status?: number; body: unknown } | undefined;

/**
 * Stubs fetch with a table of `METHOD /path` handlers; the start-up calls (refresh, current user, tutor meta,
 * config) answer by default from the signed-in user.
 */
export function stubApi(handlers: Record<string, Handler> = {}, user?: User, meta?: TutorMeta) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const defaults: Record<string, Handler> = {
    'POST /api/v1/auth/refresh-token': () => ({ body: { token: fakeToken(user?.id) } }),
    'GET /api/v1/user/current': () =>
      user ? { body: user } : { status: 401, body: { code: 'unauthenticated', message: '' } },
    'GET /api/v1/user/tutor/meta': () => ({ body: meta ?? makeTutorMeta() }),
    'GET /api/v1/config': () => ({
      body: { environment: 'local', supportLinks: {}, googleSimulator: false },
    }),
    'POST /api/v1/auth/logout': () => ({ body: { ok: true } }),
    'GET /api/v1/user/notification-preferences': () => ({ body: makeNotificationPreferences(user) }),
    'GET /api/v1/user/push': () => ({ body: makePushSettings() }),
  };
  const table = { ...defaults, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const answer = table[`${method} ${url.pathname}`]?.(init, url) ?? {
      status: 404,
      body: { code: 'route-not-found', message: '' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/**
 * Renders the whole app at `path` (memory router, real routes and providers), optionally signed in. The realtime
 * connection goes to an in-memory fake server (`realtime`: answer events with `handle`, send with `push`).
 */
export function renderApp(path: string, options: { user?: User; meta?: TutorMeta } = {}) {
  const realtime = createFakeRealtimeServer();
  setSocketFactory(realtime.factory);
  if (options.user)
    authStore.signIn({ token: fakeToken(options.user.id), user: options.user, meta: options.meta ?? null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path], getContext: pageDataContext(queryClient) });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, realtime };
}

/** A settings card (a section) found by its heading, to query inside it. */
export async function cardTitled(name: string) {
  const heading = await screen.findByRole('heading', { name });
  const section = heading.closest('section');
  if (!section) throw new Error(`no card titled ${name}`);
  return within(section);
}
