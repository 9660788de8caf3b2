import type { PublicConfigResponse } from '@darsak/domain/config';
import type { Plan } from '@darsak/domain/plans';
import { I18nProvider, type Locale } from '@darsak/ui/i18n';
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import { contentOf, type SiteContent } from '../content/index.ts';

/** A refused contact message: the error code and the field messages (from the form's schema or the API). */
export interface ContactRefusal {
  code: string;
  fields?: Readonly<Record<string, string>>;
}

/**
 * What the server knows only when it sends a page: the live plans (null when they could not be read), the
 * configured support links, and a refused contact message with what was written. Undefined: not known here.
 */
export interface LiveData {
  plans?: readonly Plan[] | null;
  supportLinks?: PublicConfigResponse['supportLinks'] | null;
  contact?: { values: Readonly<Record<string, string>>; refusal: ContactRefusal };
}

export interface SiteContextValue {
  locale: Locale;
  content: SiteContent;
  /** The main app's origin (a placeholder in prerendered pages, replaced by the server). */
  appUrl: string;
  live: LiveData;
}

const SiteContext = createContext<SiteContextValue>({ locale: 'ar', content: contentOf('ar'), appUrl: '', live: {} });

/** The language, content, main-app address and live data of the page being rendered. */
export function SiteProvider({
  locale,
  appUrl,
  live = {},
  children,
}: {
  locale: Locale;
  appUrl: string;
  live?: LiveData;
  children: ReactNode;
}) {
  return (
    <I18nProvider defaultLocale={locale} persist={false}>
      <SiteContext.Provider value={{ locale, content: contentOf(locale), appUrl, live }}>
        {children}
      </SiteContext.Provider>
    </I18nProvider>
  );
}

export const useSite = () => useContext(SiteContext);

/** A site address in a language: Arabic at the root, English under /en. */
export const localePath = (locale: Locale, path: string): string => (locale === 'en' ? `/en${path}` : path);

/** A link to a page of this site, in the page's language. */
export function SiteLink({ to, ...props }: { to: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const { locale } = useSite();
  return <a href={localePath(locale, to)} {...props} />;
}
