import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface EmptyStateProps {
  icon?: ReactNode;
  /** A small label above the title (outside the heading). */
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level of the title (2 by default). */
  level?: 2 | 3;
}

export function EmptyState({ icon, eyebrow, title, description, action, className, level = 2 }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-line bg-surface/60 px-6 py-12 text-center',
        className,
      )}
    >
      {icon && (
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-2xl bg-primary-50 text-primary-700"
        >
          {icon}
        </span>
      )}
      {eyebrow}
      <Heading className="text-lg font-bold text-ink">{title}</Heading>
      {description && <p className="max-w-prose text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
