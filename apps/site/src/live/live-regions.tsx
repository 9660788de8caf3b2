import type { Locale } from '@darsak/ui/i18n';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ContactRequestForm } from '../components/contact-form.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { type LiveData, SiteProvider, useSite } from '../components/site-context.tsx';
import { SupportChannels } from '../components/support-channels.tsx';

/**
 * Parts of a prerendered page the server renders again as it sends the page, from what it knows then: each is
 * written between two HTML comments naming it and its language, so the server finds it without parsing HTML.
 */
const REGIONS = {
  plans: { data: 'plans', Component: PlanList },
  support: { data: 'supportLinks', Component: SupportChannels },
  contact: { data: 'contact', Component: ContactRequestForm },
} as const satisfies Record<string, { data: keyof LiveData; Component: ComponentType }>;

export type RegionKind = keyof typeof REGIONS;

const REGION_PATTERN = /<!--live:(plans|support|contact):(ar|en)-->[\s\S]*?<!--\/live:\1-->/g;

/** A region's HTML between its markers. */
function regionMarkup(kind: RegionKind, site: { locale: Locale; appUrl: string; live: LiveData }): string {
  const { Component } = REGIONS[kind];
  const inner = renderToStaticMarkup(
    <SiteProvider locale={site.locale} appUrl={site.appUrl} live={site.live}>
      <Component />
    </SiteProvider>,
  );
  return `<!--live:${kind}:${site.locale}-->${inner}<!--/live:${kind}-->`;
}

/** A region of the page being prerendered, filled with what the build knew. */
export function LiveRegion({ kind, className }: { kind: RegionKind; className?: string }) {
  const site = useSite();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the region, with its markers
  return <div className={className} dangerouslySetInnerHTML={{ __html: regionMarkup(kind, site) }} />;
}

/** Whether the page shows the plans (the server then reads them before sending it). */
export const showsPlans = (html: string): boolean => html.includes('<!--live:plans:');

/** The page with each region the server has data for rendered again; the others stay as prerendered. */
export function livePage(html: string, { appUrl, live }: { appUrl: string; live: LiveData }): string {
  return html.replace(REGION_PATTERN, (region, kind: RegionKind, locale: Locale) =>
    live[REGIONS[kind].data] === undefined ? region : regionMarkup(kind, { locale, appUrl, live }),
  );
}
