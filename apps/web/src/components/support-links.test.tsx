import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const configured = {
  'GET /api/v1/config': () => ({
    body: {
      environment: 'local',
      supportLinks: { whatsapp: 'https://wa.me/201000000000', telegramTutors: 'https://t.me/darsak_tutors' },
      googleSimulator: false,
    },
  }),
  // The tutor list fails to load: the error screen offers the links too.
  'GET /api/v1/user/tutor/list/onboarded': () => ({ status: 500, body: { code: 'internal-error', message: '' } }),
};

describe('support links (spec §9)', () => {
  it('shows the configured links in the user menu and on an error screen, the tutors’ channel to tutors only', async () => {
    const student = makeUser();
    stubApi(configured, student);
    const user = userEvent.setup();
    renderApp('/tutors', { user: student });
    const help = await screen.findByRole('navigation', { name: 'تحتاج مساعدة؟' }, { timeout: 5000 });
    expect(within(help).getByRole('link', { name: 'واتساب' }).getAttribute('href')).toBe('https://wa.me/201000000000');
    expect(within(help).queryByRole('link', { name: 'قناة المعلّمين على تيليجرام' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /قائمة الحساب/ }));
    expect(screen.getAllByRole('link', { name: 'واتساب' })).toHaveLength(2);
  });

  it('offers a tutor the tutors’ channel, and shows nothing when no link is configured', async () => {
    const tutor = makeUser({ role: 3 });
    stubApi(configured, tutor);
    const user = userEvent.setup();
    const { unmount } = renderApp('/t/onboarding', { user: tutor });
    const help = await screen.findByRole('navigation', { name: 'تحتاج مساعدة؟' }, { timeout: 5000 });
    expect(within(help).getByRole('link', { name: 'قناة المعلّمين على تيليجرام' })).toBeTruthy();
    unmount();
    authStore.reset();

    stubApi({}, tutor);
    renderApp('/t/onboarding', { user: tutor });
    await user.click(await screen.findByRole('button', { name: /قائمة الحساب/ }, { timeout: 5000 }));
    expect(screen.queryByRole('navigation', { name: 'تحتاج مساعدة؟' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'واتساب' })).toBeNull();
  });
});
