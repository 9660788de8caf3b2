import { configContract, PublicConfigResponse } from '@darsak/domain/config';
import { Alert, buttonClasses, Card, Spinner } from '@darsak/ui';
import { useEffect, useState } from 'react';
import { AppLink } from '../components/app-url.tsx';
import { ContactRequestForm } from '../components/contact-form.tsx';
import { PageHero, Section } from '../components/layout.tsx';
import { ar } from '../content/ar.ts';
import { apiUrl } from '../site-env.ts';

type Channel = keyof typeof ar.contact.channels;
type Links = Partial<Record<Channel, string>>;

/** Support links are configuration (spec §9): read from the API's public configuration in the browser. */
function useSupportLinks(): Links | undefined | null {
  const [links, setLinks] = useState<Links | null>();
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${apiUrl()}${configContract.get.path}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: unknown) => {
        const parsed = PublicConfigResponse.safeParse(body);
        setLinks(parsed.success ? parsed.data.supportLinks : null);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLinks(null);
      });
    return () => controller.abort();
  }, []);
  return links;
}

export function ContactPage() {
  const c = ar.contact;
  const links = useSupportLinks();
  const available = links
    ? (Object.entries(links) as Array<[Channel, string | undefined]>).filter(([, url]) => url)
    : [];
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={c.channelsTitle}>
            {links === undefined ? (
              <Spinner label={c.channelsLoading} />
            ) : available.length > 0 ? (
              <ul className="flex flex-col gap-2">
                {available.map(([channel, url]) => (
                  <li key={channel}>
                    <a href={url} rel="noopener" className={buttonClasses({ variant: 'secondary', block: true })}>
                      {c.channels[channel]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <Alert tone="info">{c.channelsNone}</Alert>
            )}
          </Card>
          <Card title={c.accountTitle} description={c.accountBody}>
            <div className="flex flex-wrap gap-3">
              <AppLink to="/login" className={buttonClasses()}>
                {c.accountCta}
              </AppLink>
              <a href="/faq/" className={buttonClasses({ variant: 'secondary' })}>
                {c.faqLink}
              </a>
            </div>
          </Card>
        </div>
        <div className="mt-6">
          <ContactRequestForm />
        </div>
      </Section>
    </>
  );
}
