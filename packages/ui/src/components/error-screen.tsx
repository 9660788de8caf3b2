import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface ErrorScreenProps {
  /** A large mark above the title, e.g. "404". */
  mark?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  details?: ReactNode;
  className?: string;
}

/** The layout of the 404, unexpected-error and access pages. */
export function ErrorScreen({ mark, title, description, actions, details, className }: ErrorScreenProps) {
  return (
    <div
      className={cn(
        'mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center',
        className,
      )}
    >
      {mark && (
        <p aria-hidden="true" className="text-6xl font-extrabold text-primary-500">
          {mark}
        </p>
      )}
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p className="text-muted">{description}</p>
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
      {details && <div className="mt-4 w-full text-start">{details}</div>}
    </div>
  );
}
