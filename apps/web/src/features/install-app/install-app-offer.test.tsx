import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { captureInstallPrompt, VISITS_BEFORE_OFFER } from '../../lib/install-prompt.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => captureInstallPrompt());
afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Chromium's offer to install, as the page receives it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

const OFFER = 'ثبّت درسك على هاتفك';

describe('the offer to install the app', () => {
  it('waits for her to come back to the dashboard, then installs on her tap', async () => {
    const student = makeUser();
    stubApi({}, student);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    localStorage.setItem('darsak.install.visits', String(VISITS_BEFORE_OFFER - 2));
    const first = renderApp('/s/dashboard', { user: student });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: OFFER })).toBeNull();
    first.unmount();

    renderApp('/s/dashboard', { user: student });
    expect(await screen.findByRole('heading', { name: OFFER })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ثبّت التطبيق' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: OFFER })).toBeNull());
  });

  it('is not shown again once she closes it', async () => {
    const student = makeUser();
    stubApi({}, student);
    offerInstall();
    localStorage.setItem('darsak.install.visits', String(VISITS_BEFORE_OFFER));
    const page = renderApp('/s/dashboard', { user: student });
    expect(await screen.findByRole('heading', { name: OFFER })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ليس الآن' }));
    expect(screen.queryByRole('heading', { name: OFFER })).toBeNull();
    page.unmount();
    offerInstall();
    renderApp('/s/dashboard', { user: student });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: OFFER })).toBeNull();
  });
});
