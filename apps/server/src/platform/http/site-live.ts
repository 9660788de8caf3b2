import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type RuntimeConfig, SITE_APP_URL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import { contactContract } from '@darsak/domain/contact';
import { plansContract } from '@darsak/domain/plans';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The main app's API, called in process (the same routes, rate limits and checks as over HTTP). */
export type SiteApi = Pick<FastifyInstance, 'inject'>;

/** What the site's pages show only when sent: shapes belong to the site (apps/site/src/live), opaque here. */
interface LiveData {
  plans?: unknown;
  supportLinks?: RuntimeConfig['supportLinks'];
  contact?: { values: Record<string, string>; refusal: unknown };
}

/** The module the site's build bundles for its server: apps/site/src/live/server-entry.ts. */
interface SiteLiveModule {
  livePage(html: string, page: { appUrl: string; live: LiveData }): string;
  showsPlans(html: string): boolean;
  plansOf(status: number, body: unknown): unknown;
  formValuesOf(form: unknown): Record<string, string>;
  contactSubmission(values: Record<string, string>): { request: object } | { refusal: unknown };
  contactRefusalOf(body: unknown): unknown;
}

/** Where the site's build writes that module (a dot directory: never sent to browsers). */
const LIVE_MODULE = '.server/live-page.mjs';

/** Enough for the contact form's five fields at their longest. */
const FORM_BODY_LIMIT = 16 * 1024;

const jsonOf = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/** `/en/...` is the English site; everything else Arabic. */
const prefixOf = (url: string) => (/^\/en(\/|$|\?)/.test(url) ? '/en' : '');

export interface SiteLive {
  /** A page as it leaves the server: live parts rendered, then the configured addresses written in. */
  finish(html: string): Promise<string>;
  /** Another text file of the build (the sitemap, robots.txt) with the configured addresses written in. */
  addresses(text: string): string;
}

/**
 * The run-time half of the prerendered site: the pages' live parts (plans from the public plan list, support
 * links from the configuration), the configured addresses, and the contact form posted without JavaScript.
 * Without the site's live module (an older build) or an API, pages are sent with their addresses only.
 */
export async function siteLive(
  app: FastifyInstance,
  options: { root: string; config: RuntimeConfig; api: SiteApi | undefined },
): Promise<SiteLive> {
  const { root, config, api } = options;
  const site = await loadLiveModule(root, app.log);
  const addresses = (html: string) =>
    html.replaceAll(SITE_APP_URL_PLACEHOLDER, config.urls.app).replaceAll(SITE_URL_PLACEHOLDER, config.urls.site);
  if (!site || !api) return { finish: async (html) => addresses(html), addresses };

  const plans = async () => {
    const answer = await api.inject({ method: 'GET', url: `${plansContract.list.path}?size=100` });
    return site.plansOf(answer.statusCode, jsonOf(answer.body));
  };
  registerContactForm(app, { root, site, api });
  return {
    finish: async (html) => {
      const live: LiveData = { supportLinks: config.supportLinks };
      if (site.showsPlans(html)) live.plans = await plans();
      return addresses(site.livePage(html, { appUrl: SITE_APP_URL_PLACEHOLDER, live }));
    },
    addresses,
  };
}

async function loadLiveModule(root: string, log: FastifyBaseLogger): Promise<SiteLiveModule | undefined> {
  const file = join(root, LIVE_MODULE);
  if (!existsSync(file)) {
    log.warn({ file }, 'site built without its live module; pages are sent as built (run npm run build)');
    return undefined;
  }
  return (await import(pathToFileURL(file).href)) as SiteLiveModule;
}

/**
 * POST /contact/ and /en/contact/: the contact form without JavaScript. Checked by the site's schema, sent to the
 * API as the visitor (their address, for its rate limit), then the thank-you page (303, so a reload sends
 * nothing) or the form again with the refusal and what was written.
 */
function registerContactForm(
  app: FastifyInstance,
  { root, site, api }: { root: string; site: SiteLiveModule; api: SiteApi },
): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const prefix = prefixOf(request.url);
    const values = site.formValuesOf(request.body);
    const submission = site.contactSubmission(values);
    let refusal: unknown;
    let status = 400;
    if ('request' in submission) {
      const answer = await api.inject({
        method: 'POST',
        url: contactContract.create.path,
        payload: submission.request,
        remoteAddress: request.ip,
      });
      if (answer.statusCode < 300) return reply.redirect(`${prefix}/contact/sent/`, 303);
      status = answer.statusCode;
      refusal = site.contactRefusalOf(jsonOf(answer.body));
    } else {
      refusal = submission.refusal;
    }
    const page = await readFile(join(root, prefix, 'contact', 'index.html'), 'utf8');
    const html = site.livePage(page, { appUrl: SITE_APP_URL_PLACEHOLDER, live: { contact: { values, refusal } } });
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };
  app.post('/contact/', handler);
  app.post('/en/contact/', handler);
}
