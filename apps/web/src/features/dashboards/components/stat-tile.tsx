import type { ReactNode } from 'react';

/** One figure of a dashboard: a label, the value, and a line under it. */
export function StatTile({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-(--radius-card) border border-line bg-surface p-4 shadow-(--shadow-card)">
      <dt className="flex items-center gap-2 text-sm text-muted">
        {icon && (
          <span aria-hidden="true" className="text-primary-700">
            {icon}
          </span>
        )}
        {label}
      </dt>
      <dd className="text-2xl font-extrabold text-ink">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}
