import { FIELD_MESSAGES_AR, type FieldMessageKey } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR, type ErrorMessages } from '@darsak/domain/errors';
import { ar } from './ar.ts';
import type { MessageKey } from './keys.ts';
import type { Locale } from './locales.ts';
import type { FeatureMessages, Message, Messages } from './messages.ts';

/** A loaded language: the common catalogue and the registered features' (an unregistered key shows as itself). */
export type Catalogue = Readonly<Partial<Record<MessageKey, Message>>>;

/**
 * Arabic, the default, is in the first bundle with the features the app registered; another language is fetched
 * once before the app switches to it, common catalogue and registered features together (so a visitor downloads
 * only the language they read, and only the features of the app they use).
 */
const registered = new Set<FeatureMessages>();
const arabic: Record<string, Message> = { ...ar };
const loaded: Partial<Record<Locale, Record<string, Message>>> = { ar: arabic };
const loading: Partial<Record<Locale, Promise<Catalogue>>> = {};

/** The domain's texts in one language: error codes' and field messages (@darsak/domain, shared with the server). */
export interface DomainMessages {
  errors: ErrorMessages;
  fields: Readonly<Record<FieldMessageKey, string>>;
}
const ARABIC_DOMAIN: DomainMessages = { errors: ERROR_MESSAGES_AR, fields: FIELD_MESSAGES_AR };
/** Another language's come with its common catalogue, so the entry carries Arabic's only. */
const domainMessages: Partial<Record<Locale, DomainMessages>> = { ar: ARABIC_DOMAIN };

const commonLoaders: Record<Locale, () => Promise<Messages>> = {
  ar: async () => ar,
  en: async () => {
    const english = await import('./en.ts');
    domainMessages.en = english.enDomain;
    return english.en;
  },
};

const partOf = (feature: FeatureMessages, locale: Locale): Promise<Messages> =>
  locale === 'ar' ? Promise.resolve(feature.ar) : feature[locale]();

/** Registrations whose other languages are still being fetched, if any (see `registeredMessagesLoaded`). */
let fetching: Promise<void> | undefined;

/**
 * Adds features' catalogues: Arabic at once, and in every other language already loaded or being loaded (resolves
 * when those are in). An app registers its frame's features before its first render; a lazily loaded page's
 * module registers its own when it loads, and the router awaits `registeredMessagesLoaded` before rendering it.
 */
export function registerMessages(...features: FeatureMessages[]): Promise<void> {
  const fresh = features.filter((feature) => !registered.has(feature));
  for (const feature of fresh) {
    registered.add(feature);
    Object.assign(arabic, feature.ar);
  }
  const others = (Object.keys(loading) as Locale[]).filter((locale) => locale !== 'ar');
  const done = Promise.all(
    others.flatMap((locale) =>
      fresh.map(async (feature) => {
        await loading[locale];
        Object.assign(loaded[locale] ?? {}, await partOf(feature, locale));
      }),
    ),
  ).then(() => undefined);
  if (others.length > 0) {
    // a part that cannot be fetched (offline) leaves its keys showing; the page still opens
    const current: Promise<void> = Promise.all([fetching, done.catch(() => undefined)]).then(() => {
      if (fetching === current) fetching = undefined;
    });
    fetching = current;
  }
  return done;
}

/**
 * While registrations are being fetched in other languages, a promise of their arrival (a page awaits it before
 * rendering); nothing when all are in, so a page in Arabic opens without waiting.
 */
export const registeredMessagesLoaded = (): Promise<void> | undefined => fetching;

/** The domain's texts of a loaded locale (see `loadLocale`); Arabic's before it is. */
export const loadedDomainMessages = (locale: Locale): DomainMessages => domainMessages[locale] ?? ARABIC_DOMAIN;

/** The catalogue of a locale if it is already loaded. */
export const loadedCatalogue = (locale: Locale): Catalogue | undefined => loaded[locale];

/** Loads a locale's catalogue (once); server rendering of a non-default locale awaits this first. */
export function loadLocale(locale: Locale): Promise<Catalogue> {
  const known = loaded[locale];
  if (known) return Promise.resolve(known);
  const load = async () => {
    const parts = await Promise.all([commonLoaders[locale](), ...[...registered].map((f) => partOf(f, locale))]);
    const catalogue: Record<string, Message> = Object.assign({}, ...parts);
    loaded[locale] = catalogue;
    return catalogue;
  };
  // a failed fetch (offline) is tried again next time
  loading[locale] ??= load().catch((error: unknown) => {
    delete loading[locale];
    throw error;
  });
  return loading[locale];
}
