import type { Page } from '@darsak/domain/common';
import { Button, PageSizeSelect, Spinner, Table, type TableColumn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { Key, ReactNode } from 'react';

/** The parts of a paged list query this table reads. */
interface PagedQuery<Row> {
  isPending: boolean;
  isError: boolean;
  data: Page<Row> | undefined;
  refetch: () => unknown;
}

export interface PagedTableProps<Row> {
  query: PagedQuery<Row>;
  caption: string;
  columns: readonly TableColumn<Row>[];
  /** Draws the rows another way than a table (cards with a video each); `columns` are then unused. */
  renderRows?: (rows: Row[]) => ReactNode;
  rowKey: (row: Row) => Key;
  empty: ReactNode;
  loadError: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** With it, a page-size choice (remembered by `usePaging`) and the total are shown. */
  onPageSize?: (size: number) => void;
}

/** A staff list page by page: loading, a load error with retry, the table, and previous/next when it spans pages. */
export function PagedTable<Row>({
  query,
  page,
  pageSize,
  onPage,
  onPageSize,
  loadError,
  renderRows,
  ...table
}: PagedTableProps<Row>) {
  const { t, format } = useI18n();
  if (query.isPending) return <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  if (query.isError || !query.data) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-red-800">
          {loadError}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const { total, list } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {list.length === 0 ? (
        // Said plainly, not inside a table wider than a phone's screen.
        <p className="rounded-(--radius-card) border border-line bg-surface px-4 py-10 text-center text-muted">
          {table.empty}
        </p>
      ) : renderRows ? (
        renderRows(list)
      ) : (
        <Table {...table} rows={list} />
      )}
      {onPageSize && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted">
          <span>{t('staff.table.total', { count: format.number(total) })}</span>
          <PageSizeSelect value={pageSize} onChange={onPageSize} label={t('staff.table.pageSize')} />
        </div>
      )}
      {pages > 1 && (
        <nav aria-label={table.caption} className="mt-3 flex items-center justify-between gap-3 text-sm">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('payments.admin.previous')}
          </Button>
          <span>{t('payments.admin.page', { page: format.number(page), pages: format.number(pages) })}</span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('payments.admin.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
