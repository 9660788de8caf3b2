import { describe, expect, it, vi } from 'vitest';
import {
  onNotificationClick,
  onPush,
  onSubscriptionChange,
  readPayload,
  type WindowClientLike,
  type WorkerScopeLike,
} from './push-handlers.ts';

const ORIGIN = 'https://app.darsak.example';

function scope(windows: WindowClientLike[] = []) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const subscribed: PushSubscriptionOptionsInit[] = [];
  const worker: WorkerScopeLike = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
      pushManager: {
        subscribe: async (options) => {
          subscribed.push(options);
          return {};
        },
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
      },
    },
  };
  return { worker, shown, opened, subscribed };
}

/** An event whose waitUntil work is awaited by the test. */
function event<T extends object>(fields: T) {
  const work: Promise<unknown>[] = [];
  return { ...fields, waitUntil: (promise: Promise<unknown>) => work.push(promise), done: () => Promise.all(work) };
}

const data = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) });

describe('a push', () => {
  it('shows the payload as an Arabic, right-to-left notification that opens its page', async () => {
    const { worker, shown } = scope();
    const push = event({
      data: data({ title: 'رسالة من منى', body: 'أهلًا', url: '/chat', tag: '/chat' }),
    });
    onPush(worker, push);
    await push.done();
    expect(shown).toEqual([
      {
        title: 'رسالة من منى',
        options: {
          body: 'أهلًا',
          dir: 'rtl',
          lang: 'ar',
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          tag: '/chat',
          data: { url: '/chat' },
        },
      },
    ]);
  });

  it('shows nothing while she is looking at its page, and shows it while she is on another', async () => {
    const reading = { url: `${ORIGIN}/chat?room=3`, focused: true, focus: vi.fn(), navigate: vi.fn() };
    const message = { title: 'رسالة من منى', body: 'أهلًا', url: '/chat', tag: '/chat' };
    const looking = scope([reading]);
    const first = event({ data: data(message) });
    onPush(looking.worker, first);
    await first.done();
    expect(looking.shown).toEqual([]);
    const away = scope([{ ...reading, focused: false }]);
    const second = event({ data: data(message) });
    onPush(away.worker, second);
    await second.done();
    expect(away.shown.map((n) => n.title)).toEqual(['رسالة من منى']);
  });

  it('shows a push that is not ours under the app’s name, and never an address outside the app', () => {
    expect(readPayload(data('hello'))).toEqual({ title: 'درسك', body: 'hello', url: '/', tag: 'darsak' });
    expect(readPayload(null)).toMatchObject({ title: 'درسك', body: '' });
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(readPayload(data({ title: 'x', body: 'y', url })).url).toBe('/');
    }
  });
});

describe('a tap on the notification', () => {
  it('focuses an open window of the app and takes it to the page', async () => {
    const open = {
      url: `${ORIGIN}/s/dashboard`,
      focused: true,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const { worker, opened } = scope([open]);
    const close = vi.fn();
    const click = event({ notification: { data: { url: '/lesson/42' }, close } });
    onNotificationClick(worker, click);
    await click.done();
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/lesson/42`);
    expect(opened).toEqual([]);
  });

  it('opens a new window when none of the app is open', async () => {
    const { worker, opened } = scope([]);
    const click = event({ notification: { data: { url: '/chat' }, close: vi.fn() } });
    onNotificationClick(worker, click);
    await click.done();
    expect(opened).toEqual([`${ORIGIN}/chat`]);
  });
});

describe('a subscription the browser replaces', () => {
  it('is made again with the same key when the browser dropped it, and left alone when it gave a new one', async () => {
    const { worker, subscribed } = scope();
    const options = { userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]) };
    const dropped = event({ oldSubscription: { options }, newSubscription: null });
    onSubscriptionChange(worker, dropped);
    await dropped.done();
    expect(subscribed).toEqual([options]);
    const renewed = event({ oldSubscription: { options }, newSubscription: {} });
    onSubscriptionChange(worker, renewed);
    onSubscriptionChange(worker, event({ oldSubscription: null, newSubscription: null }));
    expect(subscribed).toHaveLength(1);
  });
});
