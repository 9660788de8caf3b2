import { Button, cn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useEffect, useId, useRef } from 'react';
import { TOUR_STEPS } from '../tour-steps.ts';

export interface TourCardProps {
  index: number;
  onGo: (index: number) => void;
  onEnd: () => void;
}

/**
 * One step of the tour: a non-modal dialog at the bottom of the screen, so the page it tells about stays in
 * view and usable. Each step takes the focus to its title, so a screen reader reads it; Escape skips the tour.
 */
export function TourCard({ index, onGo, onEnd }: TourCardProps) {
  const { t, format } = useI18n();
  const titleId = useId();
  const bodyId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const step = TOUR_STEPS[index];
  const last = index === TOUR_STEPS.length - 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves on every step
  useEffect(() => titleRef.current?.focus(), [index]);

  if (!step) return null;
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEnd();
      }}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-line bg-surface p-5 shadow-xl sm:inset-x-auto sm:end-6 sm:bottom-6 sm:w-[26rem]"
    >
      <p className="text-xs font-semibold text-primary-700">
        {t('tour.label')} ·{' '}
        {t('tour.progress', { current: format.number(index + 1), total: format.number(TOUR_STEPS.length) })}
      </p>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className="mt-1 text-lg font-bold text-ink outline-none">
        {t(step.title)}
      </h2>
      <p id={bodyId} className="mt-2 text-sm leading-relaxed text-ink">
        {t(step.body)}
      </p>
      <ol aria-hidden="true" className="mt-4 flex gap-1.5">
        {TOUR_STEPS.map((s, i) => (
          <li key={s.id} className={cn('h-1.5 flex-1 rounded-full', i <= index ? 'bg-primary-600' : 'bg-line')} />
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        {last ? (
          <span />
        ) : (
          <Button variant="ghost" size="sm" onClick={onEnd}>
            {t('tour.skip')}
          </Button>
        )}
        <div className="flex gap-2">
          {index > 0 && (
            <Button variant="secondary" size="sm" onClick={() => onGo(index - 1)}>
              {t('tour.back')}
            </Button>
          )}
          <Button size="sm" onClick={() => (last ? onEnd() : onGo(index + 1))}>
            {last ? t('tour.finish') : t('tour.next')}
          </Button>
        </div>
      </div>
    </section>
  );
}
