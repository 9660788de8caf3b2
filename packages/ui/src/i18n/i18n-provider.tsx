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

function readStoredLocale(): Locale | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export interface I18nProviderProps {
  children: ReactNode;
  /** Used when nothing is stored; Arabic by default. */
  defaultLocale?: Locale;
  /** Read and write the choice in localStorage (off for prerendered pages). */
  persist?: boolean;
}

export function I18nProvider({ children, defaultLocale = DEFAULT_LOCALE, persist = true }: I18nProviderProps) {
  const [locale, setLocaleState] = useState<Locale>(() => (persist && readStoredLocale()) || defaultLocale);

  const setLocale = useCallback(
    (next: Locale) => {
      setLocaleState(next);
      if (!persist) return;
      try {
        window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
      } catch {
        // storage may be unavailable (private mode); the choice then lasts for this page only
      }
    },
    [persist],
  );

  useIsomorphicLayoutEffect(() => {
    const root = document.documentElement;
    root.dir = LOCALES[locale].dir;
    root.lang = locale;
  }, [locale]);

  const value = useMemo(() => valueFor(locale, setLocale), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18nContextValue => useContext(I18nContext);

/** The translate function of the current locale. */
export const useT = (): Translate => useContext(I18nContext).t;
