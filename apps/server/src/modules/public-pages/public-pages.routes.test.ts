import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { PUBLIC_PAGES } from './public-pages.head.ts';
import { robotsOf, sitemapOf } from './public-pages.routes.ts';

const APP_URL = 'https://app.darsak.test';
let t: TestApp;
let shown: Actor;
let leaving: Actor;
let newcomer: Actor; // registered as a tutor, not onboarded
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_APP_URL: APP_URL } });
  shown = await createTutor(t);
  leaving = await createTutor(t);
  newcomer = await createActor(t, 'tutor');
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every public tutor profile at the app’s address, and forgets a tutor disabled', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    expect(first.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(locations(first.body)).toEqual([
      ...PUBLIC_PAGES.map((path) => `${APP_URL}${path}`),
      `${APP_URL}/t/${shown.id}`,
      `${APP_URL}/t/${leaving.id}`,
    ]);
    expect(first.body).not.toContain(`/t/${newcomer.id}<`);
    expect(first.body).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${APP_URL}/t/${shown.id}?lang=en"/>`);

    const disabled = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/user/${leaving.id}/status`,
      payload: { disabled: true, reason: 'left the platform' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locations(after.body)).not.toContain(`${APP_URL}/t/${leaving.id}`);
    expect(locations(after.body)).toContain(`${APP_URL}/t/${shown.id}`);
  });

  it('writes an address with XML’s special characters escaped', () => {
    expect(sitemapOf('https://a.test/?x=1&y=2', [])).toContain('<loc>https://a.test/?x=1&amp;y=2/</loc>');
  });
});

describe('GET /robots.txt', () => {
  it('names the sitemap and keeps crawlers off the paths that carry a credential', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(robotsOf(APP_URL));
    expect(answer.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(answer.body).toContain('Disallow: /invite/');
    expect(answer.body).toContain('Disallow: /api/v1/lesson/calendar/');
  });
});
