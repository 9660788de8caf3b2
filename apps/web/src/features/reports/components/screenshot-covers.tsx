import { Button } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { type Cover, coverBetween, isTinyCover, moveCover, NEW_COVER, resizeCover } from '../lib/screenshot.ts';

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

/** Arrow keys move a cover on the picture as they point (the picture is not mirrored in right-to-left). */
const ARROWS: Partial<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const STEP = 0.01;
const BIG_STEP = 0.1;

/** The cover after an arrow key: moved, or resized with Alt or Ctrl; Shift takes bigger steps. Null for other keys. */
function coverAfterKey(cover: Cover, event: KeyboardEvent): Cover | null {
  const arrow = ARROWS[event.key];
  if (!arrow) return null;
  const step = event.shiftKey ? BIG_STEP : STEP;
  const [dx, dy] = [arrow[0] * step, arrow[1] * step];
  return event.altKey || event.ctrlKey ? resizeCover(cover, dx, dy) : moveCover(cover, dx, dy);
}

/** Which control takes the focus once the covers have changed: a cover on the picture, a remove button, or "add". */
type FocusTarget = { on: 'cover' | 'remove'; index: number } | 'add';

/**
 * The screenshot shown for consent before it is sent, with black covers (painted into the picture when it is
 * sent). With a pointer, dragging over it adds one. With the keyboard, "add a cover" puts one in the middle,
 * focused: the arrows move it, Alt or Ctrl with them resize it, Delete removes it. Each cover is a named button
 * ("غطاء ١"), listed with its remove button, and every change is said in a polite status region.
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
  const { t, format } = useI18n();
  const keysHint = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [drawing, setDrawing] = useState<Cover | null>(null);
  const [said, setSaid] = useState('');
  const controls = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  // Runs after the parent has rendered the changed covers, so the control to focus exists (or is gone).
  useEffect(() => {
    if (!focusTarget) return;
    const control = focusTarget === 'add' ? null : controls.current.get(`${focusTarget.on}-${focusTarget.index}`);
    (control ?? addButton.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const nameOf = (index: number) => t('reports.screenshot.cover', { number: format.number(index + 1) });
  const whereOf = (cover: Cover, index: number) => {
    const share = (fraction: number) => format.number(fraction, { style: 'percent', maximumFractionDigits: 0 });
    return t('reports.screenshot.where', {
      cover: nameOf(index),
      x: share(cover.x),
      y: share(cover.y),
      width: share(cover.width),
      height: share(cover.height),
    });
  };
  const controlRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };

  const add = () => {
    onCoversChange([...covers, NEW_COVER]);
    setSaid(t('reports.screenshot.added', { where: whereOf(NEW_COVER, covers.length) }));
    setFocusTarget({ on: 'cover', index: covers.length });
  };
  const remove = (index: number, on: 'cover' | 'remove') => {
    onCoversChange(covers.filter((_, i) => i !== index));
    setSaid(t('reports.screenshot.removed', { cover: nameOf(index) }));
    // The next cover takes the removed one's place (and name); after the last, the one before it.
    const left = covers.length - 1;
    setFocusTarget(left === 0 ? 'add' : { on, index: Math.min(index, left - 1) });
  };
  const clear = () => {
    onCoversChange([]);
    setSaid(t('reports.screenshot.cleared'));
    setFocusTarget('add');
  };
  const onCoverKeyDown = (index: number, cover: Cover) => (event: KeyboardEvent) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index, 'cover');
      return;
    }
    const next = coverAfterKey(cover, event);
    if (!next) return;
    // Alt with an arrow is also the browser's back and forward.
    event.preventDefault();
    onCoversChange(covers.map((c, i) => (i === index ? next : c)));
    setSaid(whereOf(next, index));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A press on a cover picks it for the arrow keys: capturing the pointer on the picture would send the press,
    // and with it the focus, to the picture instead.
    const cover = event.target instanceof HTMLButtonElement ? event.target : null;
    if (cover) {
      cover.focus();
      return;
    }
    if (!frame.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setStart(pointIn(frame.current, event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start && frame.current) setDrawing(coverBetween(start, pointIn(frame.current, event)));
  };
  const onPointerUp = () => {
    if (drawing && !isTinyCover(drawing)) {
      onCoversChange([...covers, drawing]);
      setSaid(t('reports.screenshot.added', { where: whereOf(drawing, covers.length) }));
    }
    setStart(null);
    setDrawing(null);
  };
  const placed = (c: Cover) => ({
    left: percent(c.x),
    top: percent(c.y),
    width: percent(c.width),
    height: percent(c.height),
  });

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
        {covers.map((c, i) => (
          <button
            // A cover's name is its place in the list, so the index is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            ref={controlRef(`cover-${i}`)}
            type="button"
            aria-label={nameOf(i)}
            aria-describedby={keysHint}
            onKeyDown={onCoverKeyDown(i, c)}
            className="absolute cursor-crosshair bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset"
            style={placed(c)}
          />
        ))}
        {drawing && <span aria-hidden="true" className="absolute bg-black" style={placed(drawing)} />}
      </div>
      <p id={keysHint} className="text-sm text-muted">
        {t('reports.screenshot.keys')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={addButton} size="sm" variant="secondary" onClick={add}>
          {t('reports.screenshot.add')}
        </Button>
        {covers.length > 0 && (
          <Button size="sm" variant="ghost" onClick={clear}>
            {t('reports.screenshot.clear')}
          </Button>
        )}
      </div>
      {covers.length > 0 && (
        <ul aria-label={t('reports.screenshot.covers')} className="flex flex-wrap gap-2">
          {covers.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a cover's name is its place in the list
            <li key={i}>
              <Button ref={controlRef(`remove-${i}`)} size="sm" variant="ghost" onClick={() => remove(i, 'remove')}>
                {t('reports.screenshot.remove', { cover: nameOf(i) })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
    </div>
  );
}
