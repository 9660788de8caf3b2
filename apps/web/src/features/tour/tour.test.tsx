import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// every step opens a lazy route
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const tourApi = (completedAt: string | null) => ({
  'GET /api/v1/student/tour': () => ({ body: { completedAt } }),
  'PUT /api/v1/student/tour': () => ({ body: { completedAt: '2025-03-01T10:00:00.000Z' } }),
});
const tourCard = () => screen.findByRole('dialog', { name: /./ });
const puts = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/v1/student/tour').length;

describe('guided tour', { timeout: 30_000 }, () => {
  it('opens by itself for a new student on the dashboard and walks the pages to the end, remembered', async () => {
    const user = makeUser();
    const { calls } = stubApi(tourApi(null), user);
    const { router } = renderApp('/s/dashboard', { user });
    const clicker = userEvent.setup();

    const card = await tourCard();
    const title = within(card).getByRole('heading', { name: 'أهلًا بك في درسك' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(within(card).getByText(/الخطوة ١ من ٦/)).toBeTruthy();

    for (const page of ['/tutors', '/plans', '/tutors', '/upcoming-lessons', '/chat']) {
      await clicker.click(within(await tourCard()).getByRole('button', { name: 'التالي' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(page));
    }
    const last = await tourCard();
    expect(within(last).getByRole('heading', { name: 'تحدّث مع معلّمك' })).toBeTruthy();
    expect(within(last).queryByRole('button', { name: 'تخطَّ الجولة' })).toBeNull();

    await clicker.click(within(last).getByRole('button', { name: 'السابق' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    await clicker.click(within(await tourCard()).getByRole('button', { name: 'التالي' }));
    await clicker.click(within(await tourCard()).getByRole('button', { name: 'ابدأ التعلّم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(puts(calls)).toBe(1));
  });

  it('is skipped with Escape (remembered), and taken again on demand from the account menu', async () => {
    const user = makeUser();
    const { calls } = stubApi(tourApi(null), user);
    renderApp('/s/dashboard', { user });
    const clicker = userEvent.setup();

    await tourCard();
    await clicker.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(puts(calls)).toBe(1));

    await clicker.click(screen.getByRole('button', { name: /قائمة الحساب/ }));
    await clicker.click(screen.getByRole('button', { name: 'جولة تعريفية بالتطبيق' }));
    const card = await tourCard();
    await clicker.click(within(card).getByRole('button', { name: 'تخطَّ الجولة' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toBe(1);
  });

  it('does not open for a student who took it, nor exist for a tutor', async () => {
    const student = makeUser();
    stubApi(tourApi('2025-03-01T10:00:00.000Z'), student);
    const first = renderApp('/s/dashboard', { user: student });
    expect(await screen.findByRole('button', { name: /قائمة الحساب/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    authStore.reset();

    const tutor = makeUser({ id: 9, role: Role.tutor });
    const { calls } = stubApi(tourApi(null), tutor);
    renderApp('/t/dashboard', { user: tutor });
    await userEvent.setup().click(await screen.findByRole('button', { name: /قائمة الحساب/ }));
    expect(screen.queryByRole('button', { name: 'جولة تعريفية بالتطبيق' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/student/tour')).toBe(false);
  });
});
