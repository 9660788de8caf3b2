import { useId } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { PAGE_SIZES } from '../lib/use-paging.ts';

/** The page-size choice under a paged list (10, 20, 50 or 100 a page), with a visible label ("items per page"). */
export function PageSizeSelect({
  value,
  onChange,
  label,
  className,
}: {
  value: number;
  onChange: (size: number) => void;
  /** A label of the list's own ("rows per page" under a table). */
  label?: string;
  className?: string;
}) {
  const { t, format } = useI18n();
  const id = useId();
  return (
    <span className={cn('flex items-center gap-2 text-sm text-muted', className)}>
      <label htmlFor={id}>{label ?? t('common.pageSize')}</label>
      <select
        id={id}
        className="h-9 rounded-lg border border-line bg-surface px-2 text-ink focus-visible:outline-2 focus-visible:outline-primary-600"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {format.number(size)}
          </option>
        ))}
      </select>
    </span>
  );
}
