import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { Badge } from './badge.tsx';
import { EmptyState } from './empty-state.tsx';
import { SparkleIcon } from './icons.tsx';

export interface ComingSoonProps {
  /** The feature's name, e.g. "المحادثات". */
  feature: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** An honest "this part is coming soon" state: names the feature and shows no sample data. */
export function ComingSoon({ feature, description, action, className }: ComingSoonProps) {
  const t = useT();
  return (
    <EmptyState
      className={className}
      icon={<SparkleIcon className="size-7" />}
      eyebrow={<Badge tone="accent">{t('comingSoon.badge')}</Badge>}
      title={t('comingSoon.title', { feature })}
      description={description ?? t('comingSoon.body')}
      action={action}
    />
  );
}
