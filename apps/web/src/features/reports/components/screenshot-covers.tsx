import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { type PointerEvent, useRef, useState } from 'react';
import { type Cover, coverBetween, isTinyCover } from '../lib/screenshot.ts';

interface Point {
  x: number;
  y: number;
}

/** The pointer's place over the picture, in fractions of its size. */
function pointIn(element: HTMLElement, event: PointerEvent): Point {
  const box = element.getBoundingClientRect();
  return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
}

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The screenshot shown for consent before it is sent: dragging over it adds a black cover (painted into the
 * picture when it is sent); covers can be undone one by one or all removed.
 */
export function ScreenshotCovers({
  src,
  covers,
  onCoversChange,
}: {
  src: string;
  covers: readonly Cover[];
  onCoversChange: (covers: Cover[]) => void;
}) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [drawing, setDrawing] = useState<Cover | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!frame.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setStart(pointIn(frame.current, event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start && frame.current) setDrawing(coverBetween(start, pointIn(frame.current, event)));
  };
  const onPointerUp = () => {
    if (drawing && !isTinyCover(drawing)) onCoversChange([...covers, drawing]);
    setStart(null);
    setDrawing(null);
  };
  const shown = drawing ? [...covers, drawing] : covers;

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={frame}
        className="relative cursor-crosshair touch-none select-none overflow-hidden rounded-lg border border-line"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="screenshot-covers"
      >
        <img src={src} alt={t('reports.screenshot.alt')} className="block w-full" draggable={false} />
        {shown.map((c, i) => (
          <span
            // Covers are only ever appended or removed from the end, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            aria-hidden="true"
            className="absolute bg-black"
            style={{ left: percent(c.x), top: percent(c.y), width: percent(c.width), height: percent(c.height) }}
          />
        ))}
      </div>
      {covers.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onCoversChange(covers.slice(0, -1))}>
            {t('reports.screenshot.undo')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onCoversChange([])}>
            {t('reports.screenshot.clear')}
          </Button>
        </div>
      )}
    </div>
  );
}
