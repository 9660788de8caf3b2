import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';

/** Figures as labelled tiles, two a row on a phone and four on a desk. */
export function FigureTiles({ tiles }: { tiles: Array<[label: MessageKey, value: ReactNode]> }) {
  const { t } = useI18n();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line p-3">
          <dt className="text-sm text-muted">{t(label)}</dt>
          <dd className="text-lg font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
