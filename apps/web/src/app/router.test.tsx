import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('main app routes', () => {
  it('renders the 404 page for an unknown path, in Arabic, right to left', async () => {
    stubApi();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('link', { name: 'العودة للرئيسية' }).getAttribute('href')).toBe('/');
  });

  it('sends a signed-out visitor of a private route to /login?next=…', async () => {
    stubApi();
    const { router } = renderApp('/s/dashboard?tab=past');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/s/dashboard?tab=past');
    expect(screen.getByText('سجّل الدخول أولًا لفتح هذه الصفحة.')).toBeTruthy();
  });

  it('shows the navbar links main, register and login when signed out', async () => {
    stubApi();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(nav.textContent).toContain('الرئيسية');
    expect(nav.textContent).toContain('إنشاء حساب');
    expect(nav.textContent).toContain('تسجيل الدخول');
    expect(screen.queryByRole('navigation', { name: 'القائمة الجانبية' })).toBeNull();
  });

  it('keeps a student out of tutor pages with an explanation', async () => {
    const user = makeUser();
    stubApi({}, user);
    renderApp('/invoices', { user });
    expect(await screen.findByRole('heading', { name: 'هذه الصفحة ليست لحسابك' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).getAttribute('href')).toBe('/s/dashboard');
  });

  it('sends a signed-in student from / to the student dashboard', async () => {
    const user = makeUser();
    stubApi({}, user);
    const { router } = renderApp('/', { user });
    // the dashboard page loads lazily with its features: give a busy machine time
    expect(await screen.findByRole('heading', { name: 'أهلًا سارة أحمد' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/s/dashboard');
  });
});

describe('logout', () => {
  it('clears user, meta and token and lands on the plain sign-in page', async () => {
    const user = makeUser();
    const { calls } = stubApi({}, user);
    const { router } = renderApp('/s/dashboard', { user });
    const [logout] = await screen.findAllByRole('button', { name: 'تسجيل الخروج' });
    logout?.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('darsak.token')).toBeNull();
    expect(window.localStorage.getItem('darsak.user')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/auth/logout')).toBe(true);
  });
});
