import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const student = makeUser({ notificationMethod: 'telegram' });
const LINK_URL = 'http://localhost/dev/telegram/start?token=abc_DEF-123';
const inAMinute = () => new Date(Date.now() + 15 * 60_000).toISOString();

/** The tab the click opens before the link exists. */
function stubNewTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

async function panel() {
  const heading = await screen.findByRole('heading', { name: 'ربط تيليجرام' }, { timeout: 5000 });
  const section = heading.closest('section');
  if (!section) throw new Error('no Telegram section');
  return within(section);
}

describe('linking Telegram in the settings', () => {
  it('opens the bot link in a new tab, waits for START, then shows the account linked', async () => {
    let linked = false;
    const { calls } = stubApi(
      {
        'GET /api/v1/user/telegram': () => ({
          body: linked ? { linked: true, linkedAt: '2025-03-01T08:00:00.000Z' } : { linked: false, linkedAt: null },
        }),
        'POST /api/v1/user/telegram/link': () => ({ status: 201, body: { url: LINK_URL, expiresAt: inAMinute() } }),
      },
      student,
    );
    const { tab, open } = stubNewTab();
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const section = await panel();
    expect(section.getByText(/لم تربط حسابك بتيليجرام بعد/)).toBeTruthy();

    await user.click(section.getByRole('button', { name: 'ربط تيليجرام' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await section.findByText(/بانتظار ضغطك على «ابدأ»/)).toBeTruthy();
    expect(tab.location.href).toBe(LINK_URL);
    expect(tab.opener).toBeNull();
    expect(section.getByRole('link', { name: 'افتح تيليجرام' }).getAttribute('href')).toBe(LINK_URL);

    linked = true;
    expect(await section.findByText(/حسابك مرتبط بتيليجرام منذ/, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('تم ربط تيليجرام بنجاح')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/user/telegram/link')).toHaveLength(1);
  });

  it('unlinks after a confirmation', async () => {
    const { calls } = stubApi(
      {
        'GET /api/v1/user/telegram': () => ({ body: { linked: true, linkedAt: '2025-03-01T08:00:00.000Z' } }),
        'DELETE /api/v1/user/telegram': () => ({ body: { linked: false, linkedAt: null } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const section = await panel();
    await user.click(await section.findByRole('button', { name: 'إلغاء ربط تيليجرام' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'إلغاء ربط تيليجرام؟' }));
    await user.click(dialog.getByRole('button', { name: 'إلغاء الربط' }));
    expect(await section.findByText(/لم تربط حسابك بتيليجرام بعد/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/v1/user/telegram')).toHaveLength(1);
  });

  it('shows a coded error in Arabic and closes the tab when no link can be made', async () => {
    stubApi(
      {
        'GET /api/v1/user/telegram': () => ({ body: { linked: false, linkedAt: null } }),
        'POST /api/v1/user/telegram/link': () => ({
          status: 503,
          body: { code: 'service-unavailable', message: 'unavailable' },
        }),
      },
      student,
    );
    const { tab } = stubNewTab();
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const section = await panel();
    await user.click(section.getByRole('button', { name: 'ربط تيليجرام' }));
    expect(await section.findByText(ERROR_MESSAGES_AR['service-unavailable'])).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('offers linking only while Telegram is the chosen method', async () => {
    const whatsapp = makeUser({ notificationMethod: 'whatsapp' });
    stubApi({ 'GET /api/v1/user/telegram': () => ({ body: { linked: false, linkedAt: null } }) }, whatsapp);
    const user = userEvent.setup();
    renderApp('/s/settings', { user: whatsapp });
    const method = await screen.findByLabelText('طريقة استلام الإشعارات', {}, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'ربط تيليجرام' })).toBeNull();
    await user.selectOptions(method, 'telegram');
    expect(await panel()).toBeTruthy();
  });
});
