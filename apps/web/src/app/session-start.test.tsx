import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePlan, NO_SUBSCRIPTION } from '../testing/payments-factories.ts';
import { fakeToken, makeUser } from '../testing/test-utils.tsx';

const student = makeUser();
const plan = makePlan();

/**
 * A page opened with a session stored by an earlier visit: the app module is loaded afresh after the storage is
 * filled, as a browser loads it, so the session store starts from storage (restoring), not from a test's sign-in.
 */
async function openWithStoredSession(path: string, token: string) {
  localStorage.setItem('darsak.token', token);
  localStorage.setItem('darsak.user', JSON.stringify({ user: student, meta: null }));
  vi.resetModules();
  const { renderApp, stubApi } = await import('../testing/test-utils.tsx');
  const { screen } = await import('@testing-library/react');
  let answerRefresh: () => void = () => {};
  const refreshed = new Promise<void>((resolve) => {
    answerRefresh = resolve;
  });
  const api = stubApi(
    {
      'GET /api/v1/plan/2': () => ({ body: plan }),
      'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
      'GET /api/v1/tx/last': () => ({ body: null }),
      'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
    },
    student,
  );
  // the refresh answers only when the test says so
  const answer = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).endsWith('/auth/refresh-token')) await refreshed;
    return (answer as NonNullable<typeof answer>)(input, init);
  });
  const app = renderApp(path);
  return { ...app, ...api, screen, answerRefresh };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a page opened with a stored session', { timeout: 20_000 }, () => {
  it('shows the private page while the session is refreshed, its data fetched beside the refresh', async () => {
    const { screen, calls, fetchMock, answerRefresh, router } = await openWithStoredSession(
      '/checkout/2/month',
      fakeToken(student.id),
    );
    expect(await screen.findByRole('heading', { name: 'ملخص الطلب' })).toBeTruthy();
    expect(screen.getByText('الباقة المتقدمة')).toBeTruthy();
    const paths = calls.map((call) => call.path);
    // asked, not answered yet
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/auth/refresh-token'))).toBe(true);
    expect(paths).not.toContain('/api/v1/auth/refresh-token');
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/plan/2', '/api/v1/sub/user', '/api/v1/tx/last']));
    // nothing that needs the fresh token went before it
    expect(paths).not.toContain('/api/v1/user/current');
    answerRefresh();
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/v1/user/current'));
    expect(router.state.location.pathname).toBe('/checkout/2/month');
  });

  it('ends a session that expired while the page was closed before showing anything with it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = `h.${btoa(JSON.stringify({ id: student.id, iat: now - 7200, exp: now - 1 })).replace(/=+$/, '')}.s`;
    const { screen, calls, router } = await openWithStoredSession('/checkout/2/month', expired);
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/checkout/2/month');
    expect(calls.map((call) => call.path)).not.toContain('/api/v1/plan/2');
    expect(localStorage.getItem('darsak.token')).toBeNull();
  });
});
