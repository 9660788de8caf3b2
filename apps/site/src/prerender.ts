/// <reference types="node" />
/**
 * Renders every marketing route to static HTML after `vite build`:
 * dist/index.html, dist/<route>/index.html, dist/404.html and dist/url/index.html (short links).
 * Run by `node --import tsx src/prerender.ts` from apps/site.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_APP_URL_PLACEHOLDER } from '@darsak/domain/config';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { NOT_FOUND_ROUTE, SITE_ROUTES, type SiteRoute } from './routes.tsx';
import { SiteApp } from './site-app.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// The server writes the configured main-app address over the placeholder as it sends each page.
const appUrl = SITE_APP_URL_PLACEHOLDER;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function page(template: string, route: SiteRoute): string {
  const html = renderToString(createElement(SiteApp, { path: route.path, appUrl }));
  const head = `<title>${escapeHtml(route.title)}</title>\n    <meta name="description" content="${escapeHtml(route.description)}" />`;
  const out = template
    .replace(/<title>.*?<\/title>/s, head)
    .replace('<div id="root"></div>', `<div id="root" data-route="${route.path}">${html}</div>`);
  if (out === template || !out.includes(html)) throw new Error(`template markers missing for ${route.path}`);
  return out;
}

const template = await readFile(join(dist, 'index.html'), 'utf8');
for (const route of [...SITE_ROUTES, NOT_FOUND_ROUTE]) {
  const file = join(dist, route.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page(template, route));
  console.log(`prerendered ${route.path} → dist/${route.file}`);
}
