import type { ReportStatus as Status } from '@darsak/domain/reports';
import { Badge } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';

const TONES = { open: 'warning', in_progress: 'info', resolved: 'success' } as const;

export function ReportStatusBadge({ status }: { status: Status }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t(`reports.status.${status}`)}</Badge>;
}
