import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { loadedCatalogue, loadLocale } from './catalogues.ts';
import { createFormatters, type Formatters } from './format.ts';
import { DEFAULT_LOCALE, type Direction, isLocale, LOCALE_STORAGE_KEY, LOCALES, type Locale } from './locales.ts';
import { createTranslate, errorMessageOf, fieldMessageOf, type Translate } from './translate.ts';

export interface I18nContextValue {
  locale: Locale;
  dir: Direction;
  /** The BCP 47 tag handed to Intl (`ar-EG`, `en-EG`). */
  intlLocale: string;
  setLocale(locale: Locale): void;
  t: Translate;
  /** Text of an error code from the domain catalogue. */
  errorMessage(code: string): string;
  /** Text of a field-validation message key (undefined stays undefined). */
  fieldMessage(message: string | undefined): string | undefined;
  format: Formatters;
}

function valueFor(locale: Locale, setLocale: (locale: Locale) => void): I18nContextValue {
  return {
    locale,
    dir: LOCALES[locale].dir,
    intlLocale: LOCALES[locale].intl,
    setLocale,
    t: createTranslate(locale),
    errorMessage: (code) => errorMessageOf(locale, code),
    fieldMessage: (message) => fieldMessageOf(locale, message),
    format: createFormatters(locale),
  };
}

/** Without a provider (tests of single components, server rendering) everything is Arabic. */
const I18nContext = createContext<I18nContextValue>(valueFor(DEFAULT_LOCALE, () => {}));

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The language chosen on this device, if any. */
export function readStoredLocale(): Locale | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the language chosen on this device: in localStorage, which the app reads, and in a cookie of the same name,
 * with which the server renders the public pages in it (so they hydrate in the language they were rendered in).
 */
export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older phones' browsers
  document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export interface I18nProviderProps {
  children: ReactNode;
  /** Used when nothing is stored; Arabic by default. */
  defaultLocale?: Locale;
  /** Read and write the choice in localStorage (off for prerendered pages). */
  persist?: boolean;
}

/**
 * Fetches the stored language's catalogue, so the first render is already in it; front ends await this before
 * rendering (Arabic, the default, is loaded already).
 */
export async function loadStoredLocale(): Promise<void> {
  const stored = readStoredLocale();
  if (stored) await loadLocale(stored).catch(() => undefined);
}

export function I18nProvider({ children, defaultLocale = DEFAULT_LOCALE, persist = true }: I18nProviderProps) {
  const [wanted, setWanted] = useState<Locale>(() => (persist && readStoredLocale()) || defaultLocale);
  // The language on screen: the one wanted as soon as its catalogue is loaded, until then the one shown before.
  const [shown, setShown] = useState<Locale | undefined>(() => (loadedCatalogue(wanted) ? wanted : undefined));
  const locale = loadedCatalogue(wanted) ? wanted : shown;

  useEffect(() => {
    let current = true;
    loadLocale(wanted).then(
      () => current && setShown(wanted),
      // the chunk could not be fetched (offline): stay in the language shown, or the default one
      () => current && setShown((before) => before ?? DEFAULT_LOCALE),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  const setLocale = useCallback(
    (next: Locale) => {
      setWanted(next);
      if (persist) rememberLocale(next);
    },
    [persist],
  );

  useIsomorphicLayoutEffect(() => {
    if (!locale) return;
    const root = document.documentElement;
    // written only when changed: even the same value restyles the whole page (`:dir()`, `:lang()`), and a page the
    // server rendered has them already
    if (root.dir !== LOCALES[locale].dir) root.dir = LOCALES[locale].dir;
    if (root.lang !== locale) root.lang = locale;
  }, [locale]);

  const value = useMemo(() => locale && valueFor(locale, setLocale), [locale, setLocale]);
  // Nothing is shown in the wrong language while the chosen one is fetched (front ends preload it, so rarely).
  if (!value) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18nContextValue => useContext(I18nContext);

/** The translate function of the current locale. */
export const useT = (): Translate => useContext(I18nContext).t;
