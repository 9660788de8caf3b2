import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { CheckIcon } from './icons.tsx';

export interface StepperProps {
  steps: readonly string[];
  /** Index of the current step, from 0. */
  current: number;
  className?: string;
}

/** The progress of a multi-step form; the current step carries aria-current="step". */
export function Stepper({ steps, current, className }: StepperProps) {
  const { t, format } = useI18n();
  return (
    <nav aria-label={t('stepper.label')} className={className}>
      <p className="sr-only">
        {t('stepper.progress', { current: format.number(current + 1), total: format.number(steps.length) })}
      </p>
      <ol className="flex items-center gap-2">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={step} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done && 'border-primary-600 bg-primary-600 text-white',
                  active && 'border-primary-600 bg-primary-50 text-primary-700',
                  !done && !active && 'border-line bg-surface text-muted',
                )}
              >
                {done ? <CheckIcon className="size-4" /> : format.number(index + 1)}
              </span>
              <span
                className={cn(
                  'text-sm',
                  active ? 'font-semibold text-ink max-sm:whitespace-nowrap' : 'text-muted max-sm:sr-only',
                )}
              >
                {step}
                {done && <span className="sr-only"> ({t('stepper.done')})</span>}
              </span>
              {index < steps.length - 1 && (
                <span aria-hidden="true" className={cn('h-0.5 flex-1 rounded', done ? 'bg-primary-500' : 'bg-line')} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
