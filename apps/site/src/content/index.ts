import { type Locale, loadLocale, registerMessages } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';

/** The shape of the Arabic content with its literal texts widened, so the English can fill it. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends readonly (infer Item)[]
      ? readonly Widen<Item>[]
      : { readonly [Key in keyof T]: Widen<T[Key]> };

export type SiteContent = Widen<typeof ar>;

export const SITE_LOCALES: readonly Locale[] = ['ar', 'en'];

export const contentOf = (locale: Locale): SiteContent => (locale === 'en' ? en : ar);

/** The app's feature catalogues the site shows beside the common one (the plans' texts); messages.test.ts checks. */
export const SITE_FEATURES = [paymentsMessages];

/** Loads the app catalogues of every site language (English is fetched on demand), before rendering any page. */
export async function loadSiteLocales(): Promise<void> {
  await registerMessages(...SITE_FEATURES);
  await Promise.all(SITE_LOCALES.map(loadLocale));
}
