import { createFakeRealtimeServer } from '@darsak/client';
import { TransactionStatus } from '@darsak/domain/payments';
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { setSocketFactory } from '../../lib/realtime.ts';
import { makeSubscription, NO_SUBSCRIPTION } from '../../testing/payments-factories.ts';
import { fakeToken, makeUser, stubApi } from '../../testing/test-utils.tsx';
import { RemainingMinutes } from './components/remaining-minutes.tsx';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

/** The component alone on a page, as a dashboard would place it. */
function renderComponent() {
  const router = createMemoryRouter([{ path: '/', element: <RemainingMinutes /> }], { initialEntries: ['/'] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('RemainingMinutes', { timeout: 20_000 }, () => {
  it("shows this week's remaining minutes out of the plan's, with the renewal", async () => {
    const student = makeUser();
    stubApi({ 'GET /api/v1/sub/user': () => ({ body: makeSubscription() }) }, student);
    authStore.signIn({ token: fakeToken(student.id), user: student, meta: null });
    renderComponent();
    expect(await screen.findByText('٩٠ دقيقة')).toBeTruthy();
    expect(screen.getByText('من ١٢٠ دقيقة')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'الدقائق المتبقية هذا الأسبوع' });
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
    expect(screen.getByText(/تتجدد الأربعاء، ٨ يناير الساعة ٦:٠٠ ص/)).toBeTruthy();
  });

  it('offers the plans when there is no subscription (id -1)', async () => {
    const student = makeUser();
    stubApi({ 'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }) }, student);
    authStore.signIn({ token: fakeToken(student.id), user: student, meta: null });
    renderComponent();
    expect(await screen.findByText('لا يوجد اشتراك فعّال')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'اشترك الآن' }).getAttribute('href')).toBe('/plans');
  });

  it('refreshes when a payment changes state in realtime', async () => {
    const student = makeUser();
    let current: unknown = NO_SUBSCRIPTION;
    stubApi({ 'GET /api/v1/sub/user': () => ({ body: current }) }, student);
    const realtime = createFakeRealtimeServer();
    setSocketFactory(realtime.factory);
    authStore.signIn({ token: fakeToken(student.id), user: student, meta: null });
    renderComponent();
    expect(await screen.findByText('لا يوجد اشتراك فعّال')).toBeTruthy();
    current = makeSubscription({ remainingWeeklyMinutes: 120 });
    await waitFor(() => expect(realtime.tokens.length).toBeGreaterThan(0));
    realtime.push('transaction:status', { transactionId: 41, status: TransactionStatus.paid, subscriptionId: 5 });
    expect(await screen.findByText('١٢٠ دقيقة')).toBeTruthy();
  });
});
