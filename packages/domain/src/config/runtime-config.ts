import { jsonInHtml } from '../common/json-in-html.ts';
import type { RuntimeConfig } from './config.contract.ts';

export const RUNTIME_CONFIG_PATH = '/runtime-config.js';

/** Where the prerendered site's links into the main app point until the server writes in the configured address. */
export const SITE_APP_URL_PLACEHOLDER = 'https://darsak-app-url.invalid';
/** Likewise the site's own public address, in its canonical and hreflang links (which must be absolute). */
export const SITE_URL_PLACEHOLDER = 'https://darsak-site-url.invalid';
const RUNTIME_CONFIG_GLOBAL = '__DARSAK_CONFIG__';

/** The script body that hands `config` to the page (`<` escaped so no value can close the script). */
export const runtimeConfigScript = (config: RuntimeConfig): string =>
  `globalThis.${RUNTIME_CONFIG_GLOBAL}=${jsonInHtml(config)};\n`;

/**
 * The configuration the server put on this page, or undefined (unit tests, a dev server without it). Taken as the
 * server wrote it (`runtimeConfigScript`, from its own checked configuration) rather than through the schema: every
 * front end reads it first thing, and the schema would bring zod into their entries (issue 13).
 */
export function readRuntimeConfig(): RuntimeConfig | undefined {
  const config = (globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  return typeof config === 'object' && config !== null && 'urls' in config ? (config as RuntimeConfig) : undefined;
}
