/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ar } from '../i18n/ar.ts';
import { en } from '../i18n/en.ts';
import type { FeatureMessages, Messages } from '../i18n/messages.ts';
import { FEATURES_BY_NAME } from './every-feature.ts';

/** The repository's root: files are named from it (`apps/web/src/main.tsx`). */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const EVERY_FEATURE = Object.values(FEATURES_BY_NAME);
const EVERY_KEY = new Set(Object.keys(Object.assign({}, ar, ...EVERY_FEATURE.map((feature) => feature.ar))));

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const asLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The source files of a tree, tests left out (they register every feature). */
export function sourcesOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/**
 * The message keys files use: every quoted text that is a key of some catalogue, and for a key put together from
 * a template (`role.${role}`) every key the template can give.
 */
export function keysUsedIn(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const source of [...files].map(read)) {
    for (const [, single, double] of source.matchAll(/'([\w.-]+)'|"([\w.-]+)"/g)) {
      const text = single ?? double ?? '';
      if (EVERY_KEY.has(text)) used.add(text);
    }
    for (const [, template] of source.matchAll(/`([a-z]\w*\.[\w.]*\$\{[^`]*)`/gi)) {
      const pattern = new RegExp(
        `^${(template ?? '')
          .split(/\$\{[^}]*\}/)
          .map(asLiteral)
          .join('.+')}$`,
      );
      for (const key of EVERY_KEY) if (pattern.test(key)) used.add(key);
    }
  }
  return used;
}

/**
 * Of these keys, those the common catalogue and these features leave out, per language (English fetched by the
 * features' own loaders, as an app fetches it).
 */
export async function unregisteredKeys(keys: Iterable<string>, features: readonly FeatureMessages[]) {
  const used = [...keys];
  const missing = (messages: readonly Messages[]) => used.filter((key) => !messages.some((m) => Object.hasOwn(m, key)));
  const english = await Promise.all(features.map((feature) => feature.en()));
  return {
    ar: missing([ar, ...features.map((feature) => feature.ar)]).sort(),
    en: missing([en, ...english]).sort(),
  };
}

/** The app's own modules a file imports, statically (`import … from './x.tsx'`) and lazily (`import('./x.tsx')`). */
function importsOf(file: string): { static: string[]; lazy: string[] } {
  const source = read(file);
  const resolve = (specifier: string) => join(dirname(file), specifier);
  const local = (pattern: RegExp) =>
    [...source.matchAll(pattern)]
      .map(([, specifier]) => resolve(specifier ?? ''))
      .filter((path) => existsSync(join(ROOT, path)));
  return {
    static: local(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm),
    lazy: local(/import\(\s*'(\.[^']+)'\s*\)/g),
  };
}

/** The features a module registers (`void registerMessages(paymentsMessages, …)`), by their export names. */
function featuresRegisteredIn(file: string): FeatureMessages[] {
  const call = read(file).match(/registerMessages\(([^)]*)\)/);
  const names = call?.[1]?.split(',').map((name) => name.replace('...', '').trim()) ?? [];
  return names.filter((name) => name in FEATURES_BY_NAME).map((name) => FEATURES_BY_NAME[name] as FeatureMessages);
}

/**
 * The modules a file loads, itself included, without going into the `stop` ones; a lazily loaded module that
 * registers features is a scope of its own (its catalogues arrive with it), put in `apart`.
 */
function closureOf(file: string, stop: ReadonlySet<string>, apart: Set<string>, into = new Set<string>()): Set<string> {
  if (into.has(file) || stop.has(file)) return into;
  into.add(file);
  const imports = importsOf(file);
  for (const next of imports.static) closureOf(next, stop, apart, into);
  for (const next of imports.lazy) {
    if (featuresRegisteredIn(next).length > 0) apart.add(next);
    else closureOf(next, stop, apart, into);
  }
  return into;
}

/**
 * An app's message scopes: the entry (the modules the entry loads, and what they load lazily, outside the routes)
 * with the features the app registers at start; each route's lazily loaded page, and each other lazily loaded
 * module that registers features (a dialog of the frame), with the features their modules register besides. Every
 * key a scope's modules use must be in its catalogues.
 */
export function scopesOf(app: { entry: string; router: string; features: readonly FeatureMessages[] }) {
  const routes = new Set(importsOf(app.router).lazy);
  const apart = new Set<string>();
  const entry = closureOf(app.entry, routes, apart);
  const scopes = [{ name: app.entry, files: entry, features: app.features }];
  const parts = new Set([...routes, ...apart]);
  // a Set's iteration visits what is added during it: the parts a route or a part loads lazily
  for (const module of parts) {
    const files = closureOf(module, entry, parts);
    scopes.push({ name: module, files, features: [...app.features, ...[...files].flatMap(featuresRegisteredIn)] });
  }
  return scopes;
}
