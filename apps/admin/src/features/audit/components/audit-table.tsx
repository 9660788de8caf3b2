import type { AuditEntry, AuditObjectType } from '@darsak/domain/audit';
import { Card, type TableColumn } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { type AuditFilter, fetchAuditPage, useAuditLog } from '../hooks/use-audit-log.ts';

/** A value of an audit entry as people read it (roles by name, dates, yes/no). */
function useValueText() {
  const { t, format } = useI18n();
  return (entry: AuditEntry, field: string, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (field === 'role' && typeof value === 'number') return t(`role.${value}` as MessageKey);
    if (entry.objectType === 'transaction' && field === 'status' && typeof value === 'number') {
      return t(`staff.tx.status.${value}` as MessageKey);
    }
    if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
    if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return format.dateTime(value);
    if (field.endsWith('Piastres') && typeof value === 'number') return format.piastres(value);
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** Each field the action touched, with its value before (null when created) and after (null when removed). */
export function useChanges() {
  const valueText = useValueText();
  return (entry: AuditEntry): FieldChange[] => {
    const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
    return fields.map((field) => ({
      field,
      before: entry.before && field in entry.before ? valueText(entry, field, entry.before[field]) : null,
      after: entry.after && field in entry.after ? valueText(entry, field, entry.after[field]) : null,
    }));
  };
}

/** The objects with a page of their own, where an entry's object links to. */
const OBJECT_PAGES: Partial<Record<AuditObjectType, (id: number) => string>> = {
  user: paths.user.href,
  coupon: paths.coupon.href,
};

const changeLine = ({ field, before, after }: FieldChange, arrow: string) =>
  before === null ? `${field}: ${after}` : `${field}: ${before} ${arrow} ${after ?? '—'}`;

/** The audit log, of one object (on its page) or of everything (/audit-log), with CSV export. */
export function AuditTable({ filter, title, filters }: { filter: AuditFilter; title: string; filters?: ReactNode }) {
  const { t, format } = useI18n();
  const paging = usePaging('audit');
  const log = useAuditLog(filter, paging.page, paging.size);
  const changes = useChanges();
  const arrow = t('staff.audit.arrow');
  const actionText = (entry: AuditEntry) => t(`staff.audit.action.${entry.action}` as MessageKey);
  const objectText = (entry: AuditEntry) =>
    `${t(`staff.audit.object.${entry.objectType}` as MessageKey)} #${format.number(entry.objectId ?? 0)}`;

  const columns: TableColumn<AuditEntry>[] = [
    { key: 'when', header: t('staff.audit.when'), cell: (e) => format.dateTime(e.createdAt) },
    {
      key: 'who',
      header: t('staff.audit.who'),
      cell: (e) =>
        e.actorId ? (
          <Link className="text-primary-700 underline" to={paths.user.href(e.actorId)}>
            {e.actorName}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'what', header: t('staff.audit.what'), cell: (e) => <span className="font-semibold">{actionText(e)}</span> },
    {
      key: 'object',
      header: t('staff.audit.object'),
      cell: (e) => {
        const page = e.objectId ? OBJECT_PAGES[e.objectType]?.(e.objectId) : undefined;
        return page ? (
          <Link className="text-primary-700 underline" to={page}>
            {objectText(e)}
          </Link>
        ) : (
          objectText(e)
        );
      },
    },
    {
      key: 'change',
      header: t('staff.audit.change'),
      cell: (e) => (
        <ul className="flex flex-col gap-0.5">
          {changes(e).map((change) => (
            <li key={change.field}>
              <bdi dir="ltr">{change.field}</bdi>:{' '}
              {change.before !== null && (
                <>
                  <bdi>{change.before}</bdi> {arrow}{' '}
                </>
              )}
              <bdi>{change.after ?? '—'}</bdi>
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'reason', header: t('staff.audit.reason'), cell: (e) => e.reason ?? '—' },
  ];

  return (
    <Card
      title={title}
      actions={
        <CsvExportButton
          fileName="audit-log"
          fetchPage={(page, size) => fetchAuditPage(filter, page, size)}
          columns={[
            { header: t('staff.audit.when'), value: (e: AuditEntry) => e.createdAt },
            { header: t('staff.audit.who'), value: (e) => e.actorName },
            { header: t('staff.audit.what'), value: actionText },
            { header: t('staff.audit.object'), value: objectText },
            {
              header: t('staff.audit.change'),
              value: (e) =>
                changes(e)
                  .map((change) => changeLine(change, '->'))
                  .join('; '),
            },
            { header: t('staff.audit.reason'), value: (e) => e.reason },
          ]}
        />
      }
    >
      {filters}
      <PagedTable
        query={log}
        caption={title}
        columns={columns}
        rowKey={(e) => e.id}
        empty={t('staff.audit.empty')}
        loadError={t('staff.audit.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
