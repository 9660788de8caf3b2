import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

export interface LoadingAnimationProps {
  /** Fill the whole viewport (first load); otherwise fill the content area. */
  fullPage?: boolean;
  label?: string;
  className?: string;
}

/** The branded loading animation shown while a route or the session loads. */
export function LoadingAnimation({ fullPage = false, label, className }: LoadingAnimationProps) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-5',
        fullPage ? 'min-h-dvh' : 'min-h-[50vh] py-16',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-20 items-center justify-center rounded-3xl bg-primary-600 text-2xl font-extrabold text-white shadow-lg shadow-primary-600/25"
      >
        {t('app.name')}
      </span>
      <span aria-hidden="true" className="flex gap-2">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className="size-2.5 rounded-full bg-accent-400 motion-safe:animate-dot"
            style={{ animationDelay: `${i * 150}ms` }}
          />
        ))}
      </span>
      <span className="text-sm text-muted">{label ?? t('loading.label')}</span>
    </div>
  );
}
