import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SITE_APP_URL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import Fastify from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { runtimeConfigOf } from '../../modules/system/system.routes.ts';
import { serveStaticSite } from './frontends.ts';

const config = runtimeConfigOf(
  loadConfig({
    SERVER_ENV: 'local',
    PUBLIC_APP_URL: 'http://192.0.2.10:4610',
    PUBLIC_SITE_URL: 'http://192.0.2.10:4612',
    SUPPORT_WHATSAPP_URL: 'https://wa.me/201000000000',
    DATA_DIR: join(tmpdir(), 'darsak-test'),
  }),
);

/**
 * A built site: pages with a plans marker, and a stand-in for the live module the site's build bundles
 * (apps/site/src/live/server-entry.ts, tested in the site): it writes what the server hands it where it can be seen.
 */
const root = mkdtempSync(join(tmpdir(), 'darsak-site-live-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'index.html': `<a href="${SITE_APP_URL_PLACEHOLDER}/plans">x</a><!--plans-->`,
  'about/index.html': `<link rel="canonical" href="${SITE_URL_PLACEHOLDER}/about/"><!--support-->`,
  'contact/index.html': '<form><!--contact--></form>',
  'en/contact/index.html': '<form lang="en"><!--contact--></form>',
  'url/index.html': 'unknown short link',
  'url/join/index.html': 'to the tutor sign-up',
  '404.html': 'لا توجد',
  'en/404.html': 'not found',
  '.server/live-page.mjs': `
    export const showsPlans = (html) => html.includes('<!--plans-->');
    export const plansOf = (status, body) => (status === 200 ? body.list : null);
    export const formValuesOf = (form) => form;
    export const contactSubmission = (values) => (values.title ? { request: values } : { refusal: { code: 'bad-request' } });
    export const contactRefusalOf = (body) => ({ code: body.code });
    export function livePage(html, { appUrl, live }) {
      return html
        .replace('<!--plans-->', live.plans === undefined ? '<!--plans-->' : 'plans:' + JSON.stringify(live.plans))
        .replace('<!--support-->', 'support:' + JSON.stringify(live.supportLinks))
        .replace('<!--contact-->', live.contact ? 'refused:' + JSON.stringify(live.contact) : '<!--contact-->')
        + (appUrl === ${JSON.stringify(SITE_APP_URL_PLACEHOLDER)} ? '' : 'appUrl not left to the server');
    }`,
};
for (const [file, body] of Object.entries(files)) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), body);
}

/** The main app's API as the site server calls it: the public plan list and the contact form. */
let plans: { status: number; list: Array<{ nameAr: string }> };
let contact: { status: number; body: object };
const received: Array<{ body: unknown; ip: string }> = [];
const api = Fastify();
api.get('/api/v1/plan/list', (request, reply) => {
  expect(request.query).toEqual({ size: '100' });
  return reply.code(plans.status).send({ total: plans.list.length, list: plans.list });
});
api.post('/api/v1/contact-request/', (request, reply) => {
  received.push({ body: request.body, ip: request.ip });
  return reply.code(contact.status).send(contact.body);
});

const site = Fastify();
await serveStaticSite(site, root, config, api);
afterAll(() => Promise.all([site.close(), api.close()]));

beforeEach(() => {
  plans = { status: 200, list: [{ nameAr: 'باقة الانطلاق' }] };
  contact = { status: 201, body: { ok: true } };
  received.length = 0;
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
  remoteAddress: '203.0.113.7',
});

describe('the site server: live plans, addresses and the contact form, without JavaScript', () => {
  it('writes the live plans into a page as it sends it, so an admin change shows without a rebuild', async () => {
    const first = await site.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('plans:[{"nameAr":"باقة الانطلاق"}]');
    expect(first.body).toContain('href="http://192.0.2.10:4610/plans"');
    expect(first.body).not.toContain('appUrl not left');
    // never a 304 from the file's date or tag: the page changes when the plans do
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-cache');

    plans = { status: 200, list: [{ nameAr: 'باقة جديدة' }] };
    expect((await site.inject({ method: 'GET', url: '/' })).body).toContain('plans:[{"nameAr":"باقة جديدة"}]');
    plans = { status: 503, list: [] };
    expect((await site.inject({ method: 'GET', url: '/' })).body).toContain('plans:null');
  });

  it('sends pages compressed as the browser accepts them', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await site.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accept } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(decode(answer.rawPayload).toString()).toContain('plans:[{"nameAr":"باقة الانطلاق"}]');
    }
    expect((await site.inject({ method: 'GET', url: '/' })).headers['content-encoding']).toBeUndefined();
  });

  it('asks for the plans only for pages that show them; writes support links and its own address', async () => {
    plans = { status: 500, list: [] };
    const about = await site.inject({ method: 'GET', url: '/about/' });
    expect(about.body).toContain('support:{"whatsapp":"https://wa.me/201000000000"}');
    expect(about.body).toContain('href="http://192.0.2.10:4612/about/"');
    expect(about.body).not.toContain('plans:');
  });

  it('sends a posted contact form to the API as the visitor, then the thank-you page of its language', async () => {
    const sent = await site.inject({
      method: 'POST',
      url: '/contact/',
      ...form({ title: 'سؤال', message: 'عن الباقات' }),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/contact/sent/');
    expect(received).toEqual([{ body: { title: 'سؤال', message: 'عن الباقات' }, ip: '203.0.113.7' }]);
    const english = await site.inject({ method: 'POST', url: '/en/contact/', ...form({ title: 'Hi', message: 'x' }) });
    expect(english.headers.location).toBe('/en/contact/sent/');
  });

  it('answers a refused form with the form again, the refusal and what was written, sending nothing', async () => {
    const invalid = await site.inject({ method: 'POST', url: '/contact/', ...form({ title: '', message: 'x' }) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toContain('text/html');
    expect(invalid.body).toContain('refused:{"values":{"title":"","message":"x"},"refusal":{"code":"bad-request"}}');
    expect(received).toEqual([]);

    contact = { status: 429, body: { code: 'too-many-requests', message: 'slow down' } };
    const limited = await site.inject({ method: 'POST', url: '/en/contact/', ...form({ title: 'Hi', message: 'x' }) });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('<form lang="en">');
    expect(limited.body).toContain('"refusal":{"code":"too-many-requests"}');
  });

  it('short links by name in any case; unknown names, other paths and other languages get their 404 page', async () => {
    for (const url of ['/url/join', '/url/JOIN/']) {
      const answer = await site.inject({ method: 'GET', url });
      expect([answer.statusCode, answer.body]).toEqual([200, 'to the tutor sign-up']);
    }
    for (const url of ['/url/nope', '/url/..%2f404.html', '/url/a%2Fb']) {
      const answer = await site.inject({ method: 'GET', url });
      expect([answer.statusCode, answer.body]).toEqual([404, 'unknown short link']);
    }
    expect((await site.inject({ method: 'GET', url: '/en/nope' })).body).toBe('not found');
    expect((await site.inject({ method: 'GET', url: '/nope' })).body).toBe('لا توجد');
    // the live module is the server's, never sent
    expect((await site.inject({ method: 'GET', url: '/.server/live-page.mjs' })).statusCode).toBe(404);
  });
});
