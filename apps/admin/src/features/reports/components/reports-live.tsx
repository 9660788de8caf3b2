import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { type ReportChange, useReportsLive } from '../hooks/use-reports.ts';

/**
 * Keeps the reports page current as reports are filed and moved, and says each change politely to screen readers
 * (the table shows it to everyone else).
 */
export function ReportsLive() {
  const { t, format } = useI18n();
  const [said, setSaid] = useState('');
  const sayOf = (change: ReportChange) =>
    change.kind === 'created'
      ? t('reports.admin.live.created', { title: change.title })
      : t('reports.admin.live.updated', {
          id: format.number(change.reportId),
          status: t(`reports.status.${change.status}`),
        });
  useReportsLive((change) => setSaid(sayOf(change)));
  return (
    <p role="status" className="sr-only">
      {said}
    </p>
  );
}
