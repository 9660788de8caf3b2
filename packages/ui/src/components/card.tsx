import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title (2 by default). */
  level?: 2 | 3 | 4;
}

export function Card({ title, description, actions, level = 2, className, children, ...props }: CardProps) {
  const Heading = `h${level}` as const;
  return (
    <section
      className={cn(
        'rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card) sm:p-6',
        className,
      )}
      {...props}
    >
      {(title || actions) && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            {title && <Heading className="text-lg font-bold text-ink">{title}</Heading>}
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
