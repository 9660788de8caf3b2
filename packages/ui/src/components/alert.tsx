import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { CheckIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons.tsx';

export type Tone = 'info' | 'success' | 'warning' | 'error';

export const TONE_CLASSES: Record<Tone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
};

export const TONE_ICONS: Record<Tone, typeof InfoIcon> = {
  info: InfoIcon,
  success: CheckIcon,
  warning: WarningIcon,
  error: ErrorIcon,
};

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** An inline message. Errors are announced assertively (role=alert), the rest politely (role=status). */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  const Icon = TONE_ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', TONE_CLASSES[tone], className)}
    >
      <Icon className="mt-0.5 shrink-0" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          {title && <p className="font-semibold">{title}</p>}
          {children && <div>{children}</div>}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
    </div>
  );
}
