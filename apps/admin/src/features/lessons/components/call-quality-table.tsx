import type { CallQualitySummary } from '@darsak/domain/sessions';
import { Table, type TableColumn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

/** Seconds as m:ss. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * How the call went for each member, from what their browser measured (issue 29): how the media went (directly or
 * through the TURN relay, and over what) and how well. A bad path or a lossy link explains a drop in a dispute.
 */
export function CallQualityTable({
  quality,
  nameOf,
}: {
  quality: CallQualitySummary[];
  nameOf: (userId: number) => string;
}) {
  const { t, format } = useI18n();
  const measured = (value: number | null, key: 'staff.lesson.quality.ms' | 'staff.lesson.quality.kbps') =>
    value === null ? '—' : t(key, { value: format.number(value) });
  const columns: TableColumn<CallQualitySummary>[] = [
    { key: 'who', header: t('staff.lesson.person'), cell: (q) => nameOf(q.userId) },
    {
      key: 'path',
      header: t('staff.lesson.quality.path'),
      cell: ({ path }) =>
        !path
          ? t('staff.lesson.quality.unknown')
          : path.candidateType === 'relay'
            ? t('staff.lesson.quality.relay', { protocol: (path.relayProtocol ?? path.protocol).toUpperCase() })
            : t('staff.lesson.quality.direct', { protocol: path.protocol.toUpperCase() }),
    },
    { key: 'rtt', header: t('staff.lesson.quality.rtt'), cell: (q) => measured(q.rttMs, 'staff.lesson.quality.ms') },
    {
      key: 'loss',
      header: t('staff.lesson.quality.loss'),
      cell: (q) =>
        q.lossPercent === null
          ? '—'
          : format.number(q.lossPercent / 100, { style: 'percent', maximumFractionDigits: 1 }),
    },
    {
      key: 'receive',
      header: t('staff.lesson.quality.receive'),
      cell: (q) => measured(q.receiveKbps, 'staff.lesson.quality.kbps'),
    },
    { key: 'freezes', header: t('staff.lesson.quality.freezes'), cell: (q) => format.number(q.freezes) },
    {
      key: 'audioOnly',
      header: t('staff.lesson.quality.audioOnly'),
      cell: (q) => <bdi dir="ltr">{clock(q.audioOnlySeconds)}</bdi>,
    },
    { key: 'ice', header: t('staff.lesson.quality.iceFailures'), cell: (q) => format.number(q.iceFailures) },
  ];
  return (
    <Table caption={t('staff.lesson.quality')} showCaption columns={columns} rows={quality} rowKey={(q) => q.userId} />
  );
}
