import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { cardTitled, makePushSettings, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const card = () => cardTitled('إشعارات على هذا الجهاز');

const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/device-1',
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

/** A browser with Web Push: the permission it answers, and a push manager that subscribes on request. */
function pushCapableBrowser(
  answer: NotificationPermission,
  permission: NotificationPermission = 'default',
  subscribed: typeof SUBSCRIPTION | null = null,
) {
  const subscriptionOf = (json: typeof SUBSCRIPTION) => ({
    endpoint: json.endpoint,
    options: { applicationServerKey: null },
    toJSON: () => json,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  });
  let current: object | null = subscribed && subscriptionOf(subscribed);
  const subscribe = vi.fn(async () => {
    current = subscriptionOf(SUBSCRIPTION);
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe, requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

const keptDevice = () => JSON.parse(localStorage.getItem('darsak.push.device') ?? 'null');

describe('notifications on the device', () => {
  it('asks the browser only on the tap, subscribes the device and turns every kind on the first time', async () => {
    const student = makeUser();
    const browser = pushCapableBrowser('granted');
    const on = { lessonReminders: true, lessonStarting: true, chatMessages: true, paymentResults: true };
    const { calls } = stubApi(
      {
        'POST /api/v1/user/push/subscriptions': () => ({ body: makePushSettings({ devices: 1 }) }),
        'PUT /api/v1/user/push/kinds': () => ({ body: makePushSettings({ devices: 1, kinds: on }) }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const push = await card();
    expect(await push.findByText('لم تفعّلها على أي جهاز بعد.')).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(await push.findByRole('button', { name: 'فعّل الإشعارات على هذا الجهاز' }));
    expect(await push.findByText('الإشعارات مفعّلة على هذا الجهاز.')).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/subscriptions'))?.body).toEqual(SUBSCRIPTION);
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/push/kinds'))?.body).toEqual({ kinds: on });
    expect(push.getByText('مفعّلة على جهاز واحد.')).toBeTruthy();
    expect(keptDevice()).toEqual({ userId: student.id, endpoint: SUBSCRIPTION.endpoint });
    for (const name of ['تذكيرات الدروس', 'بدء الدرس الآن', 'رسائل المحادثة', 'نتيجة الدفع']) {
      expect((push.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    }
  });

  it('says how to allow notifications when she refuses, and subscribes nothing', async () => {
    const student = makeUser();
    const browser = pushCapableBrowser('denied');
    const { calls } = stubApi({}, student);
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const push = await card();
    await user.click(await push.findByRole('button', { name: 'فعّل الإشعارات على هذا الجهاز' }));
    expect(await push.findByText(/الإشعارات محظورة لدرسك في هذا المتصفح/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path.endsWith('/subscriptions'))).toBe(false);
  });

  it('says the browser cannot, and still lets her choose the kinds for her other devices by keyboard', async () => {
    const student = makeUser();
    const { calls } = stubApi(
      {
        'GET /api/v1/user/push': () => ({ body: makePushSettings({ devices: 2 }) }),
        'PUT /api/v1/user/push/kinds': (init) => ({
          body: makePushSettings({ devices: 2, kinds: JSON.parse(String(init?.body)).kinds }),
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const push = await card();
    expect(await push.findByText(/هذا المتصفح لا يدعم الإشعارات على الجهاز/)).toBeTruthy();
    expect(push.getByText('مفعّلة على جهازين.')).toBeTruthy();
    const chat = push.getByRole('checkbox', { name: 'رسائل المحادثة' }) as HTMLInputElement;
    chat.focus();
    await user.keyboard(' ');
    await vi.waitFor(() => expect(chat.checked).toBe(true));
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/push/kinds'))?.body).toEqual({
      kinds: { lessonReminders: false, lessonStarting: false, chatMessages: true, paymentResults: false },
    });
  });

  it('says when the server does not offer push', async () => {
    const student = makeUser();
    stubApi(
      { 'GET /api/v1/user/push': () => ({ body: makePushSettings({ available: false, publicKey: null }) }) },
      student,
    );
    renderApp('/s/settings', { user: student });
    const push = await card();
    expect(await push.findByText('إشعارات الجهاز غير متاحة الآن.')).toBeTruthy();
    expect(push.queryByRole('button', { name: 'فعّل الإشعارات على هذا الجهاز' })).toBeNull();
  });
});

describe('a subscription the browser replaced', () => {
  const renewed = { ...SUBSCRIPTION, endpoint: 'https://push.example.com/device-1-renewed' };

  it('is sent again when she opens the app, in place of the one she turned on', async () => {
    const student = makeUser();
    pushCapableBrowser('granted', 'granted', renewed);
    localStorage.setItem('darsak.push.device', JSON.stringify({ userId: student.id, endpoint: SUBSCRIPTION.endpoint }));
    const { calls } = stubApi(
      {
        'POST /api/v1/user/push/subscriptions': () => ({ body: makePushSettings({ devices: 2 }) }),
        'POST /api/v1/user/push/subscriptions/remove': () => ({ body: makePushSettings({ devices: 1 }) }),
      },
      student,
    );
    renderApp('/s/settings', { user: student });
    await vi.waitFor(() => expect(keptDevice()).toEqual({ userId: student.id, endpoint: renewed.endpoint }));
    expect(calls.find((c) => c.path.endsWith('/push/subscriptions'))?.body).toEqual(renewed);
    expect(calls.find((c) => c.path.endsWith('/subscriptions/remove'))?.body).toEqual({
      endpoint: SUBSCRIPTION.endpoint,
    });
  });

  it('is left alone on a browser where another account turned push on', async () => {
    const student = makeUser();
    pushCapableBrowser('granted', 'granted', renewed);
    localStorage.setItem(
      'darsak.push.device',
      JSON.stringify({ userId: student.id + 1, endpoint: SUBSCRIPTION.endpoint }),
    );
    const { calls } = stubApi({}, student);
    renderApp('/s/settings', { user: student });
    await card();
    // past the idle wait the keeper takes (500 ms without requestIdleCallback)
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.some((c) => c.path.includes('/push/subscriptions'))).toBe(false);
  });
});
