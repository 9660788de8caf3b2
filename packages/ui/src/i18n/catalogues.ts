import { ar, type MessageKey } from './ar.ts';
import type { Locale } from './locales.ts';
import type { Message } from './messages.ts';

export type Catalogue = Readonly<Record<MessageKey, Message>>;

/**
 * Arabic, the default, is in the first bundle; another language is a chunk of its own, fetched once before the
 * app switches to it (so a visitor downloads only the language they read).
 */
const loaded: Partial<Record<Locale, Catalogue>> = { ar };
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  ar: async () => ar,
  en: async () => (await import('./en.ts')).en,
};

/** The catalogue of a locale if it is already loaded. */
export const loadedCatalogue = (locale: Locale): Catalogue | undefined => loaded[locale];

/** Loads a locale's catalogue (once); server rendering of a non-default locale awaits this first. */
export async function loadLocale(locale: Locale): Promise<Catalogue> {
  const catalogue = loaded[locale] ?? (await loaders[locale]());
  loaded[locale] = catalogue;
  return catalogue;
}
