import { buttonClasses, Card } from '@darsak/ui';
import { AppLink } from '../components/app-url.tsx';
import { PageHero, Section } from '../components/layout.tsx';
import { SiteLink, useSite } from '../components/site-context.tsx';
import { LiveRegion } from '../live/live-regions.tsx';

export function ContactPage() {
  const c = useSite().content.contact;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={c.channelsTitle}>
            <LiveRegion kind="support" />
          </Card>
          <Card title={c.accountTitle} description={c.accountBody}>
            <div className="flex flex-wrap gap-3">
              <AppLink to="/login" className={buttonClasses()}>
                {c.accountCta}
              </AppLink>
              <SiteLink to="/faq/" className={buttonClasses({ variant: 'secondary' })}>
                {c.faqLink}
              </SiteLink>
            </div>
          </Card>
        </div>
        <LiveRegion kind="contact" className="mt-6" />
      </Section>
    </>
  );
}

/** Where the contact form leads once the message is sent (a page of its own, so reloading sends nothing). */
export function ContactSentPage() {
  const c = useSite().content.contact.sent;
  return (
    <PageHero heading={c.heading} lead={c.body}>
      <div className="flex flex-wrap gap-3">
        <SiteLink to="/contact/" className={buttonClasses()}>
          {c.another}
        </SiteLink>
        <SiteLink to="/" className={buttonClasses({ variant: 'secondary' })}>
          {c.home}
        </SiteLink>
      </div>
    </PageHero>
  );
}
