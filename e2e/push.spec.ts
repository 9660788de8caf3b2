import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { type PushServiceStandIn, startPushServiceStandIn } from '../apps/server/test/push-service-stand-in.ts';
import { bearer } from './support/minutes.ts';
import { type Person, registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect as baseExpect, test } from './support/test.ts';

/**
 * The installable app and Web Push (issue 31 item 5). A student's phone: the manifest is served and valid, the
 * service worker installs and keeps the offline page (shown in Arabic with the network cut) but no API answer, she
 * turns chat messages on in her settings, and her tutor's reply, typed in his page, reaches her device's push
 * service (a local stand-in speaking RFC 8030/8291/8292 that decrypts it). Headless Chromium cannot subscribe
 * itself (its push service is Google's FCM, unreachable here), so her device's subscription is the stand-in's,
 * registered through the API; the payload the stand-in decrypted is then delivered to her service worker through
 * the DevTools protocol, which shows it as a notification.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

let service: PushServiceStandIn;
test.beforeAll(async () => {
  service = await startPushServiceStandIn();
});
test.afterAll(async () => {
  await service?.close();
});

/** PNG width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test('the web manifest is served, valid, linked from the pages, with the brand icons', async ({ request, page }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'درسك',
    short_name: 'درسك',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#137a71',
    background_color: '#faf7f2',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()).join('x')).toBe(icon.sizes);
  }
  await page.goto('/tutors');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

/** Whether this page is controlled by the active service worker (after it claimed the page). */
async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
  });
}

/** Every address in the page's Cache Storage, by cache. */
async function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

/** A DevTools session watching the page's service workers, and the id it knows her registration by. */
async function serviceWorkerSession(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: found };
}

async function subscribeStandInDevice(request: APIRequestContext, person: Person) {
  const settings = await request.get('/api/v1/user/push', { headers: bearer(person.token) });
  const { publicKey } = (await settings.json()) as { publicKey: string };
  const subscription = service.subscription(publicKey);
  const answer = await request.post('/api/v1/user/push/subscriptions', {
    headers: bearer(person.token),
    data: subscription,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return subscription;
}

test('her phone keeps an offline page but no API answer, and her tutor’s reply reaches it as a notification', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const student = await registerPerson(request, 'student');
  const tutor = await registerPerson(request, 'tutor');
  const context = await signedInContext(browser, page, student, { permissions: ['notifications'] });
  const phone = await context.newPage();
  const devtools = await serviceWorkerSession(context, phone);

  // The service worker installs from the settings page and takes it over; the worker is never cached long.
  await phone.goto('/s/settings');
  await expect.poll(() => controlled(phone), { timeout: 20_000 }).toBe(true);
  expect(context.serviceWorkers().map((worker) => new URL(worker.url()).pathname)).toEqual(['/sw.js']);
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  // Pages the worker served (API calls included) leave no API answer in Cache Storage.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'إشعارات على هذا الجهاز' })).toBeVisible();
  const cached = await cachedAddresses(phone);
  const addresses = Object.values(cached).flat();
  expect(addresses).toContain('/offline.html');
  expect(addresses.some((path) => /^\/static\/index-.+\.js$/.test(path))).toBe(true);
  expect(addresses.filter((path) => /^\/(api|socket\.io|assets)\//.test(path))).toEqual([]);

  // With the network cut, a page opens as the Arabic offline page, and comes back with the network.
  await context.setOffline(true);
  await phone.goto('/tutors');
  await expect(phone.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(phone, testInfo, 'push-01-offline');
  await context.setOffline(false);
  await phone.getByRole('button', { name: 'أعد المحاولة' }).click();
  await expect(phone.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeHidden();
  await expect(phone).toHaveURL(/\/tutors/);

  // Her device's subscription (the stand-in's), then chat messages turned on in her settings.
  const device = await subscribeStandInDevice(request, student);
  await phone.goto('/s/settings');
  const card = phone.getByRole('region', { name: 'إشعارات على هذا الجهاز' });
  await expect(card.getByText('مفعّلة على جهاز واحد.')).toBeVisible();
  // The browser allows notifications, but headless Chromium has no push service to subscribe with: said plainly.
  await card.getByRole('button', { name: 'فعّل الإشعارات على هذا الجهاز' }).click();
  await expect(card.getByText('تعذّر تفعيل الإشعارات على هذا الجهاز. حاول مرة أخرى.')).toBeVisible({
    timeout: 30_000,
  });
  const chat = card.getByRole('checkbox', { name: 'رسائل المحادثة' });
  await chat.check();
  await expect(chat).toBeChecked();
  await screenshot(phone, testInfo, 'push-02-settings');
  const saved = await request.get('/api/v1/user/push', { headers: bearer(student.token) });
  expect(((await saved.json()) as { kinds: Record<string, boolean> }).kinds).toMatchObject({
    chatMessages: true,
    lessonReminders: false,
  });

  // She writes to her tutor; his reply, typed in his page, reaches her device's push service, decrypted there.
  const opened = await request.post('/api/v1/chat/new', {
    headers: bearer(student.token),
    data: { userId: tutor.user.id, message: 'Hello teacher, are you free on Friday?' },
  });
  expect(opened.status()).toBe(201);
  const tutorContext = await signedInContext(browser, page, tutor);
  const desk = await tutorContext.newPage();
  await desk.goto('/chat');
  await desk.getByRole('list', { name: 'قائمة المحادثات' }).getByText('Hello teacher, are you free on Friday?').click();
  await desk.getByLabel('اكتب رسالتك').fill('نعم، الجمعة الساعة ٦ مساءً مناسبة');
  await desk.getByLabel('اكتب رسالتك').press('Enter');
  const push = await service.waitFor((received) => received.endpoint === device.endpoint, 20_000);
  expect(push.payload).toEqual({
    title: `رسالة من ${tutor.user.name}`,
    body: 'نعم، الجمعة الساعة ٦ مساءً مناسبة',
    url: '/chat',
    tag: '/chat',
  });
  expect(push.subject).toMatch(/^mailto:/);
  // her own first message was not pushed to her
  expect(service.received.filter((received) => received.endpoint === device.endpoint)).toHaveLength(1);

  // What her push service received, handed to her service worker: it shows the notification.
  await devtools.cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(phone.url()).origin,
    registrationId: await devtools.registrationId,
    data: JSON.stringify(push.payload),
  });
  await expect
    .poll(() =>
      phone.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          dir: n.dir,
          lang: n.lang,
          data: n.data as unknown,
        })),
      ),
    )
    .toEqual([
      {
        title: `رسالة من ${tutor.user.name}`,
        body: 'نعم، الجمعة الساعة ٦ مساءً مناسبة',
        dir: 'rtl',
        lang: 'ar',
        data: { url: '/chat' },
      },
    ]);
  await tutorContext.close();
  await context.close();
});
