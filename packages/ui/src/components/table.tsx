import { type Key, type ReactNode, useId } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface TableProps<Row> {
  caption: ReactNode;
  /** Show the caption visually (it is always available to screen readers). */
  showCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  empty?: ReactNode;
  className?: string;
}

/** A data table; scrolls sideways inside its own box on narrow screens. */
export function Table<Row>({ caption, showCaption = false, columns, rows, rowKey, empty, className }: TableProps<Row>) {
  const t = useT();
  const captionId = useId();
  return (
    // A named, focusable scroll box (a group, not a landmark), so a keyboard can scroll a table wider than a phone.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a scrolling table.
    <div
      role="group"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must take focus for keyboard scrolling.
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-(--radius-card) border border-line bg-surface',
        'focus-visible:outline-2 focus-visible:outline-primary-600',
        className,
      )}
    >
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className={cn('p-4 text-start font-semibold', !showCaption && 'sr-only')}>
          {caption}
        </caption>
        <thead className="bg-stone-50 text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn('px-4 py-3 text-start font-semibold', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-muted">
                {empty ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-line hover:bg-stone-50/60">
                {columns.map((column) => (
                  <td key={column.key} className={cn('px-4 py-3 text-start', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
