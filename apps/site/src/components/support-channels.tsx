import type { PublicConfigResponse } from '@darsak/domain/config';
import { Alert, buttonClasses } from '@darsak/ui';
import { useSite } from './site-context.tsx';

type Channel = keyof PublicConfigResponse['supportLinks'];

/** The support links configured on the server (spec §9), written into the page as it is sent. */
export function SupportChannels() {
  const { content, live } = useSite();
  const c = content.contact;
  const available = Object.entries(live.supportLinks ?? {}).filter(
    (entry): entry is [Channel, string] => Boolean(entry[1]) && entry[0] in c.channels,
  );
  if (available.length === 0) return <Alert tone="info">{c.channelsNone}</Alert>;
  return (
    <ul className="flex flex-col gap-2">
      {available.map(([channel, url]) => (
        <li key={channel}>
          <a href={url} rel="noopener" className={buttonClasses({ variant: 'secondary', block: true })}>
            {c.channels[channel]}
          </a>
        </li>
      ))}
    </ul>
  );
}
