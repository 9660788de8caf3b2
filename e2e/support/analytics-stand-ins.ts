import type { BrowserContext, Route } from '@playwright/test';

/*
 * Stand-ins for Google's gtag.js and Microsoft Clarity's tag, which cannot be fetched here (no internet). They are
 * served at the real scripts' addresses and send to the real collection addresses, where the journey catches
 * them: the test proves what the app hands the scripts (which script, which id, which commands), not what Google
 * or Microsoft do with it.
 */

/**
 * gtag.js's part as a transport: it runs the data layer's commands, the ones queued before it loaded and every
 * later push, and sends each event as a GA4 Measurement Protocol hit. Like the real script, `config` sends a page
 * view unless `send_page_view` is false, and a hit without `page_location` carries the page's full address.
 */
const GTAG = `(() => {
  const tid = new URL(document.currentScript.src).searchParams.get('id');
  const consent = {};
  const config = {};
  const granted = (kind) => (consent[kind] === 'denied' ? '0' : '1');
  const hit = (name, params) => {
    const query = new URLSearchParams({
      v: '2',
      tid,
      gcs: 'G1' + granted('ad_storage') + granted('analytics_storage'),
      en: name,
      dl: params.page_location ?? location.href,
      dt: params.page_title ?? document.title,
    });
    if (config.allow_ad_personalization_signals === false) query.set('npa', '1');
    navigator.sendBeacon('https://www.google-analytics.com/g/collect?' + query);
  };
  const run = (command) => {
    const [name, ...args] = Array.from(command);
    if (name === 'consent') Object.assign(consent, args[1]);
    if (name === 'config') {
      Object.assign(config, args[1]);
      if (config.send_page_view !== false) hit('page_view', {});
    }
    if (name === 'event') hit(args[0], args[1] ?? {});
  };
  const layer = (window.dataLayer ??= []);
  layer.forEach(run);
  const push = layer.push.bind(layer);
  layer.push = (...commands) => (commands.forEach(run), push(...commands));
})();`;

/** Clarity's tag: posts its project id with the calls queued before it loaded, then each later call. */
const CLARITY = `(() => {
  const project = new URL(document.currentScript.src).pathname.split('/').pop();
  const send = (calls) =>
    fetch('https://a.clarity.ms/collect', { method: 'POST', body: JSON.stringify({ project, calls }), keepalive: true });
  send((window.clarity?.q ?? []).map((args) => Array.from(args)));
  window.clarity = (...args) => send([args]);
})();`;

export interface AnalyticsTraffic {
  /** Every script address asked of Google's or Microsoft's hosts, in order. */
  scripts: string[];
  /** Each GA4 hit's parameters. */
  hits: Array<Record<string, string>>;
  /** Each post to Clarity's collection address. */
  recordings: Array<{ project: string; calls: unknown[][] }>;
  /**
   * Calls a page made to another origin that is no third party's (an admin app calling the API would be one): a
   * journey using the stand-ins asserts there are none, as their route would let Playwright answer the preflights.
   */
  crossOriginOfOurs: string[];
}

/**
 * The only hosts answered here: Google's and Microsoft's. Playwright answering any request lets Chromium hand it
 * CORS preflights too, so nothing of ours may ever be matched (scripts/ci/first-party-interception.mjs holds this
 * file to this list), and a context using these stand-ins opens no front end that calls another origin of ours.
 */
const THIRD_PARTY_HOSTS = new Set([
  'www.googletagmanager.com',
  'www.google-analytics.com',
  'www.clarity.ms',
  'a.clarity.ms',
]);

/** Serves the stand-ins at the real scripts' addresses in `context` and keeps what reaches the collectors. */
export async function catchAnalytics(context: BrowserContext): Promise<AnalyticsTraffic> {
  const traffic: AnalyticsTraffic = { scripts: [], hits: [], recordings: [], crossOriginOfOurs: [] };
  context.on('request', (request) => {
    if (request.isNavigationRequest()) return;
    const url = new URL(request.url());
    const from = new URL(request.serviceWorker()?.url() ?? request.frame().url());
    if (url.protocol.startsWith('http') && url.origin !== from.origin && !THIRD_PARTY_HOSTS.has(url.host))
      traffic.crossOriginOfOurs.push(`${from.origin} → ${request.method()} ${request.url()}`);
  });
  const script = async (route: Route, body: string) => {
    traffic.scripts.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body });
  };
  await context.route(
    (url) => THIRD_PARTY_HOSTS.has(url.host),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.host === 'www.googletagmanager.com') return script(route, GTAG);
      if (url.host === 'www.clarity.ms') return script(route, CLARITY);
      if (url.host === 'www.google-analytics.com' && url.pathname === '/g/collect')
        traffic.hits.push(Object.fromEntries(url.searchParams));
      if (url.host === 'a.clarity.ms' && url.pathname === '/collect')
        traffic.recordings.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    },
  );
  return traffic;
}
