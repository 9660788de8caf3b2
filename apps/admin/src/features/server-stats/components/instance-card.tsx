import type { InstanceStats, QueueDepth } from '@darsak/domain/server-stats';
import { Badge, Card, LineChart, type LineSeries, type LineTone, Table } from '@darsak/ui';
import { type Formatters, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';

const MB = 1024 * 1024;

/** The ways the page writes its figures, in the reader's language. */
export function figureFormats(format: Formatters) {
  const short = { unitDisplay: 'short', maximumFractionDigits: 1 } as const;
  return {
    count: (v: number) => format.number(v, { maximumFractionDigits: 1 }),
    ms: (v: number) => format.number(v, { style: 'unit', unit: 'millisecond', ...short }),
    mb: (bytes: number) => format.number(bytes / MB, { style: 'unit', unit: 'megabyte', ...short }),
    percent: (v: number) => format.number(v / 100, { style: 'percent', maximumFractionDigits: 0 }),
    time: (x: number) => format.date(x, { dateStyle: undefined, timeStyle: 'medium' }),
  };
}

const line = (
  name: string,
  samples: readonly InstanceStats[],
  pick: (s: InstanceStats) => number | null,
  tone?: LineTone,
): LineSeries => ({ name, tone, points: samples.map((s) => ({ x: Date.parse(s.at), y: pick(s) })) });

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line px-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function QueueDepths({ queues }: { queues: InstanceStats['queues'] }) {
  const { t, format } = useI18n();
  if (queues === null) return <p className="text-sm text-muted">{t('serverStats.queuesUnread')}</p>;
  const number = (v: number) => format.number(v);
  return (
    <Table<QueueDepth>
      caption={t('serverStats.queues')}
      showCaption
      rows={queues}
      rowKey={(q) => q.name}
      empty={t('serverStats.noQueues')}
      columns={[
        { key: 'name', header: t('serverStats.queue'), cell: (q) => <span dir="ltr">{q.name}</span> },
        { key: 'ready', header: t('serverStats.ready'), cell: (q) => number(q.ready) },
        { key: 'deferred', header: t('serverStats.deferred'), cell: (q) => number(q.deferred) },
        { key: 'active', header: t('serverStats.active'), cell: (q) => number(q.active) },
      ]}
    />
  );
}

export interface InstanceCardProps {
  samples: readonly InstanceStats[];
  /** The time span every chart draws, the same for all instances. */
  span: readonly [number, number];
  stale: boolean;
}

/** One server instance: its latest numbers and the charts of its last 10 minutes. */
export function InstanceCard({ samples, span, stale }: InstanceCardProps) {
  const { t, format } = useI18n();
  const f = figureFormats(format);
  const last = samples.at(-1) as InstanceStats;
  const pool = last.databasePool;
  const chart = (title: string, series: LineSeries[], formatValue: (v: number) => string, minTop?: number) => (
    <LineChart
      title={title}
      series={series}
      formatValue={formatValue}
      formatTime={f.time}
      xDomain={span}
      minTop={minTop}
    />
  );
  return (
    <Card
      title={
        <>
          {t('serverStats.instance')} <bdi>{last.instanceId}</bdi>
        </>
      }
      description={t('serverStats.upSince', {
        time: format.dateTime(last.startedAt),
        last: f.time(Date.parse(last.at)),
      })}
      actions={stale ? <Badge tone="warning">{t('serverStats.stale')}</Badge> : undefined}
    >
      <dl className="mb-6 grid gap-3 sm:grid-cols-2">
        <Figure label={t('serverStats.sockets')}>{format.number(last.sockets)}</Figure>
        <Figure label={t('serverStats.pool')}>
          {pool
            ? t('serverStats.poolUse', {
                total: format.number(pool.total),
                idle: format.number(pool.idle),
                waiting: format.number(pool.waiting),
              })
            : t('serverStats.poolNone')}
        </Figure>
      </dl>
      <div className="mb-6 grid gap-6 md:grid-cols-2 2xl:grid-cols-3">
        {chart(
          t('serverStats.requestsPerSecond'),
          [line(t('serverStats.requestsPerSecond'), samples, (s) => s.requestsPerSecond)],
          f.count,
          1,
        )}
        {chart(t('serverStats.p95'), [line(t('serverStats.p95'), samples, (s) => s.p95Ms)], f.ms, 10)}
        {chart(
          t('serverStats.errors'),
          [
            line(t('serverStats.errors4xx'), samples, (s) => s.errors4xx, 'accent'),
            line(t('serverStats.errors5xx'), samples, (s) => s.errors5xx, 'error'),
          ],
          f.count,
          1,
        )}
        {chart(
          t('serverStats.eventLoop'),
          [
            line(t('serverStats.eventLoopMean'), samples, (s) => s.eventLoopDelayMs.mean),
            line(t('serverStats.eventLoopP99'), samples, (s) => s.eventLoopDelayMs.p99, 'accent'),
          ],
          f.ms,
          20,
        )}
        {chart(
          t('serverStats.memory'),
          [
            line(t('serverStats.rss'), samples, (s) => s.memory.rssBytes),
            line(t('serverStats.heapUsed'), samples, (s) => s.memory.heapUsedBytes, 'info'),
          ],
          f.mb,
        )}
        {chart(t('serverStats.cpu'), [line(t('serverStats.cpu'), samples, (s) => s.cpuPercent)], f.percent, 10)}
      </div>
      <QueueDepths queues={last.queues} />
    </Card>
  );
}
