import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locale } from '@darsak/domain/common';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { loadConfig } from '../../config/env.ts';
import { serveSpa } from '../../platform/http/frontends.ts';
import { plans } from '../plans/plans.table.ts';
import { runtimeConfigOf } from '../system/system.routes.ts';
import { tutors, users } from '../users/users.table.ts';
import { publicPageShell } from './public-pages.shell.ts';

const APP_URL = 'https://app.darsak.test';
const BUILT_HEAD = '<meta name="description" content="built" /><title>درسك</title>';
const root = mkdtempSync(join(tmpdir(), 'darsak-public-pages-'));
let t: TestApp;
let spa: FastifyInstance;
let rendering: FastifyInstance;
let shown: Actor;
let disabled: Actor;
let admin: Actor;

/**
 * The main app's renderer as the shell sees it (its real one is the main app's build, proven by the browser
 * journeys): it renders an address in a language (for a signed-in reader's token), and counts what it was asked;
 * `failing` addresses, and the token `refused`, cannot be rendered whole.
 */
const renderer = {
  asked: [] as string[],
  failing: new Set<string>(),
  sendApiCallsWith: () => undefined,
  async renderPage(address: string, locale: Locale, token?: string) {
    renderer.asked.push(`${locale} ${address}${token ? ` for ${token}` : ''}`);
    if (renderer.failing.has(address) || token === 'refused') return undefined;
    return {
      status: 200,
      html: `<main>${locale} ${address}</main>`,
      data: '<script type="application/json">{}</script>',
    };
  },
};
beforeAll(async () => {
  writeFileSync(
    join(root, 'index.html'),
    `<html lang="ar" dir="rtl"><head><!--page-head-->${BUILT_HEAD}<!--/page-head--><script type="module" crossorigin src="/static/index-a1b2c3d4.js"></script></head><body><div id="root"><!--app-->loading<!--/app--></div><!--app-data--></body></html>`,
  );
  t = await buildTestApp({ env: { PUBLIC_APP_URL: APP_URL } });
  shown = await createTutor(t);
  disabled = await createTutor(t);
  await t.database.db
    .update(users)
    .set({ name: 'Sara "<b>" Adel', gender: 'female', image: 'sara.jpg' })
    .where(eq(users.id, shown.id));
  await t.database.db
    .update(tutors)
    .set({ bio: 'معلّمة محادثة وقواعد منذ عشر سنوات', ratingSum: 9, ratingCount: 2 })
    .where(eq(tutors.userId, shown.id));
  admin = await createActor(t, 'admin');
  await t.database.db
    .insert(plans)
    .values({ nameAr: 'الباقة الأساسية', weeklyMinutes: 60, baseMonthPricePiastres: 60_000 });
  const off = await injectAs(t.app, admin.token, {
    method: 'PUT',
    url: `/api/v1/user/${disabled.id}/status`,
    payload: { disabled: true, reason: 'left the platform' },
  });
  expect(off.statusCode, off.body).toBe(200);
  // The main app's server, as main.ts serves it, its public pages read from the API in process.
  spa = Fastify();
  const config = runtimeConfigOf(loadConfig({ SERVER_ENV: 'local', PUBLIC_APP_URL: APP_URL, DATA_DIR: root }));
  await serveSpa(spa, root, config, publicPageShell(t.app, { appUrl: APP_URL, snapshot: t.app.tutorListSnapshot }));
  // The same pages, rendered on the server.
  rendering = Fastify();
  await serveSpa(
    rendering,
    root,
    config,
    publicPageShell(t.app, { appUrl: APP_URL, renderer, snapshot: t.app.tutorListSnapshot }),
  );
});
afterAll(async () => {
  await spa.close();
  await rendering.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const open = (url: string) => spa.inject({ method: 'GET', url });
const meta = (page: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(page)?.[1];
const jsonLd = (page: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? 'null');

describe("a public page's shell", () => {
  it("a tutor's profile carries the tutor in its head: name, photo, description, address and schema.org", async () => {
    const page = await open(`/t/${shown.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(BUILT_HEAD);
    expect(page.body).toContain('<title>Sara &quot;&lt;b&gt;&quot; Adel: معلّمة إنجليزي على درسك</title>');
    expect(meta(page.body, 'og:image')).toBe(`${APP_URL}/assets/uploads/sara.jpg`);
    expect(meta(page.body, 'og:url')).toBe(`${APP_URL}/t/${shown.id}`);
    expect(meta(page.body, 'og:type')).toBe('profile');
    expect(meta(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.body, 'description')).toBe(
      // 600 EGP a month for 60 minutes a week: 7,200 EGP a year for 52 × 60 minutes, 69.23 EGP for 30
      'الدرس ٣٠ دقيقة من ٧٠ ج.م. التقييم ٤٫٥ من ٥ (عدد التقييمات ٢). معلّمة محادثة وقواعد منذ عشر سنوات.',
    );
    expect(page.body).toContain(`<link rel="canonical" href="${APP_URL}/t/${shown.id}" />`);
    expect(page.body).not.toMatch(/<b>/);
    expect(jsonLd(page.body)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Sara "<b>" Adel',
      jobTitle: 'معلّمة لغة إنجليزية',
      image: `${APP_URL}/assets/uploads/sara.jpg`,
      url: `${APP_URL}/t/${shown.id}`,
      makesOffer: { priceSpecification: { minPrice: '70.00', priceCurrency: 'EGP' } },
    });
  });

  it('the profile of a tutor disabled or unknown answers 404 with the app, which says so', async () => {
    for (const url of [`/t/${disabled.id}`, '/t/99999999']) {
      const page = await open(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).toContain(BUILT_HEAD);
    }
  });

  it('a page has its English alternate, and the English page its own head at its own address', async () => {
    const arabic = await open(`/t/${shown.id}`);
    expect(arabic.body).toContain(`<link rel="alternate" hreflang="en" href="${APP_URL}/t/${shown.id}?lang=en" />`);
    expect(arabic.body).toContain(`<link rel="alternate" hreflang="x-default" href="${APP_URL}/t/${shown.id}" />`);
    expect(meta(arabic.body, 'og:locale')).toBe('ar_EG');
    const english = await spa.inject({ method: 'GET', url: '/tutors?lang=en' });
    expect(english.body).toContain('<title>English tutors on Darsak</title>');
    expect(english.body).toContain(`<link rel="canonical" href="${APP_URL}/tutors?lang=en" />`);
    expect(meta(english.body, 'og:locale')).toBe('en_EG');
  });

  it("the plans page carries each plan's offers in EGP as schema.org data", async () => {
    const page = await open('/plans');
    const data = jsonLd(page.body);
    expect(data).toMatchObject({ '@type': 'ItemList', url: `${APP_URL}/plans` });
    const [first] = data.itemListElement;
    expect(first.item).toMatchObject({ '@type': 'Product' });
    expect(first.item.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'EGP' });
    expect(Number(first.item.offers[0].price)).toBeGreaterThan(0);
  });

  it('the tutor list and the plans have heads of their own; signed-in pages are sent as built', async () => {
    const tutorsPage = await open('/tutors?topicId=3');
    expect(tutorsPage.statusCode).toBe(200);
    expect(tutorsPage.body).toContain('<title>معلّمو الإنجليزية على درسك</title>');
    expect(tutorsPage.body).toContain(`<link rel="canonical" href="${APP_URL}/tutors" />`);
    expect(meta((await open('/plans')).body, 'og:title')).toBe('باقات درسك: دقائق أسبوعية بالأسعار');
    for (const url of ['/login', '/t/dashboard', '/lessons-schedule']) {
      const page = await open(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(BUILT_HEAD);
    }
  });
});

describe('a public page rendered on the server', () => {
  const openRendered = (url: string, cookie?: string) =>
    rendering.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  it("puts the page's HTML in #root and its data block after it, with the page's own head", async () => {
    const page = await openRendered(`/t/${shown.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="root"><main>ar /t/${shown.id}</main></div><script type="application/json">`);
    expect(page.body).not.toContain('loading');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<title>Sara &quot;&lt;b&gt;&quot; Adel: معلّمة إنجليزي على درسك</title>');
    // it is read before its scripts run: they come after its stylesheet and images on a slow link
    expect(page.body).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/static/index-a1b2c3d4.js">',
    );
    expect((await open(`/t/${shown.id}`)).body).toContain('<script type="module" crossorigin');
  });

  it('renders in the language the reader chose (its cookie), left to right in English', async () => {
    const page = await openRendered('/plans', 'darsak.locale=en');
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('<main>en /plans</main>');
  });

  it('makes a page once while the tutor list is unchanged, and again once it changes', async () => {
    renderer.asked.length = 0;
    for (let i = 0; i < 3; i++) expect((await openRendered('/tutors?topic=2')).statusCode).toBe(200);
    expect(renderer.asked).toEqual(['ar /tutors?topic=2']);
    const off = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/user/${shown.id}/status`,
      payload: { disabled: true, reason: 'on leave' },
    });
    expect(off.statusCode, off.body).toBe(200);
    await openRendered('/tutors?topic=2');
    expect(renderer.asked).toEqual(['ar /tutors?topic=2', 'ar /tutors?topic=2']);
    expect((await openRendered(`/t/${shown.id}`)).statusCode).toBe(404);
    const on = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/user/${shown.id}/status`,
      payload: { disabled: false, reason: 'back from leave' },
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('sends a page it could not render whole as the shell the browser renders, and tries again next time', async () => {
    renderer.failing.add('/');
    renderer.asked.length = 0;
    const page = await openRendered('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><!--app-->loading<!--/app--></div>');
    expect(page.body).toContain('<title>درسك: دروس إنجليزي مباشرة مع معلّمين محترفين</title>');
    await openRendered('/');
    expect(renderer.asked).toEqual(['ar /', 'ar /']);
    renderer.failing.delete('/');
  });

  it('renders no page of a tutor who is not public, nor any signed-in page', async () => {
    renderer.asked.length = 0;
    expect((await openRendered(`/t/${disabled.id}`)).statusCode).toBe(404);
    expect((await openRendered('/lessons-schedule')).body).toContain(BUILT_HEAD);
    expect(renderer.asked).toEqual([]);
  });

  it("renders a student's checkout for her from her session cookie, sent to her only and made anew each time", async () => {
    renderer.asked.length = 0;
    for (let i = 0; i < 2; i++) {
      const page = await openRendered('/checkout/3/month', 'darsak.locale=ar; darsak.session=her-token');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"><main>ar /checkout/3/month</main></div>');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers.vary).toContain('cookie');
      expect(page.headers.etag).toBeUndefined();
    }
    expect(renderer.asked).toEqual(['ar /checkout/3/month for her-token', 'ar /checkout/3/month for her-token']);
  });

  it('sends the checkout as built without a session cookie, or when its token is refused', async () => {
    renderer.asked.length = 0;
    expect((await openRendered('/checkout/3/month')).body).toContain('<!--app-->loading<!--/app-->');
    expect(renderer.asked).toEqual([]);
    const refused = await openRendered('/checkout/3/month', 'darsak.session=refused');
    expect(refused.body).toContain('<!--app-->loading<!--/app-->');
    expect(refused.headers['cache-control']).toBe('no-cache');
    // a private page is only the checkout's: another signed-in page is never rendered, cookie or not
    expect((await openRendered('/payments', 'darsak.session=her-token')).body).toContain(BUILT_HEAD);
    expect(renderer.asked).toEqual(['ar /checkout/3/month for refused']);
  });
});
