import type { PublicConfigResponse } from '@darsak/domain/config';
import { cn } from '@darsak/ui';
import { type MessageKey, useT } from '@darsak/ui/i18n';
import { useCurrentUser } from '../lib/auth-store.ts';
import { isTutorLike } from '../lib/roles.ts';
import { usePublicConfig } from '../lib/use-public-config.ts';

type Channel = keyof PublicConfigResponse['supportLinks'];

/** The support channels in the order people reach for them; the tutors' channel is for tutors only. */
const CHANNELS: readonly { channel: Channel; label: MessageKey; tutorsOnly?: boolean }[] = [
  { channel: 'chat', label: 'support.chat' },
  { channel: 'whatsapp', label: 'support.whatsapp' },
  { channel: 'telegramNotifications', label: 'support.telegramNotifications' },
  { channel: 'telegramTutors', label: 'support.telegramTutors', tutorsOnly: true },
];

/** The support links configured on the server (spec §9) that apply to the signed-in user; none when unset. */
export function useSupportLinks(): { channel: Channel; label: MessageKey; url: string }[] {
  const links = usePublicConfig().data?.supportLinks ?? {};
  const user = useCurrentUser();
  const tutor = user !== null && isTutorLike(user.role);
  return CHANNELS.flatMap(({ channel, label, tutorsOnly }) => {
    const url = links[channel];
    return url && (!tutorsOnly || tutor) ? [{ channel, label, url }] : [];
  });
}

/**
 * "Need help?" and the configured support links, as a line of links (error screens, the session screen, the
 * tutor's onboarding page). Nothing at all when no link is configured.
 */
export function SupportLinks({ className }: { className?: string }) {
  const t = useT();
  const links = useSupportLinks();
  if (links.length === 0) return null;
  return (
    <nav
      aria-label={t('support.title')}
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', className)}
    >
      <span className="text-muted">{t('support.title')}</span>
      {links.map(({ channel, label, url }) => (
        <a
          key={channel}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          {t(label)}
        </a>
      ))}
    </nav>
  );
}
