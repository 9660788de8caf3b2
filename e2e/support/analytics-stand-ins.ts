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
}

/** Serves the stand-ins at the real scripts' addresses in `context` and keeps what reaches the collectors. */
export async function catchAnalytics(context: BrowserContext): Promise<AnalyticsTraffic> {
  const traffic: AnalyticsTraffic = { scripts: [], hits: [], recordings: [] };
  const script = (body: string) => async (route: Route) => {
    traffic.scripts.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body });
  };
  await context.route((url) => url.host === 'www.googletagmanager.com', script(GTAG));
  await context.route((url) => url.host === 'www.clarity.ms', script(CLARITY));
  await context.route(
    (url) => url.host.endsWith('.google-analytics.com') && url.pathname === '/g/collect',
    async (route) => {
      traffic.hits.push(Object.fromEntries(new URL(route.request().url()).searchParams));
      await route.fulfill({ status: 204 });
    },
  );
  await context.route(
    (url) => url.host.endsWith('.clarity.ms') && url.pathname === '/collect',
    async (route) => {
      traffic.recordings.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    },
  );
  return traffic;
}
