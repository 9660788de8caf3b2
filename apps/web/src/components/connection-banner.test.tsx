import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { clientLog, realtime as connection } from '../lib/realtime.ts';
import { makeUser, renderApp, stubApi } from '../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('live connection', () => {
  it('connects for a signed-in user and shows a poor connection while it reconnects', async () => {
    const user = makeUser();
    stubApi({}, user);
    const { realtime } = renderApp('/profile', { user });
    await waitFor(() => expect(connection.getState().status).toBe('connected'), { timeout: 5000 });
    // One connection with the session's token; a token refreshed meanwhile (a slow machine) reconnects with it.
    expect(realtime.tokens.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('اتصالك ضعيف')).toBeNull();

    act(() => realtime.drop());
    expect(await screen.findByText('اتصالك ضعيف', {}, { timeout: 5000 })).toBeTruthy();
    act(() => realtime.restore());
    await waitFor(() => expect(screen.queryByText('اتصالك ضعيف')).toBeNull(), { timeout: 5000 });
  });

  it('opens no connection without a token', async () => {
    stubApi();
    const { realtime } = renderApp('/login');
    await screen.findByRole('button', { name: 'دخول' }, { timeout: 5000 });
    expect(realtime.tokens).toHaveLength(0);
    expect(connection.getState().status).toBe('idle');
  });
});

describe('log export', () => {
  it('downloads the client log from the settings page', async () => {
    const user = makeUser();
    stubApi({}, user);
    const createObjectURL = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    clientLog.error('webrtc', 'ice failed');
    const events = userEvent.setup();
    renderApp('/s/settings', { user });
    await events.click(await screen.findByRole('button', { name: 'تصدير السجل' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'تصدير سجل التطبيق' })).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'تنزيل ملف السجل' }));
    expect(click).toHaveBeenCalled();
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await blob.text();
    expect(text).toContain('# app: darsak-web');
    expect(text).toContain('[webrtc] ice failed');
    expect(text).not.toContain('eyJ'); // no token
    click.mockRestore();
  });
});
