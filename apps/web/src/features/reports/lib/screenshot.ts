import { toCanvas } from 'html-to-image';

/** A covered part of a screenshot, in fractions (0–1) of its width and height so it survives any display size. */
export interface Cover {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Elements marked with this attribute are left out of a screenshot (the report entry's own status, say). */
export const SCREENSHOT_SKIP = 'data-screenshot-skip';

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The cover dragged from one point to another (fractions), whichever way the drag went. */
export function coverBetween(from: { x: number; y: number }, to: { x: number; y: number }): Cover {
  const [x1, x2] = [clamp(from.x), clamp(to.x)].sort((a, b) => a - b) as [number, number];
  const [y1, y2] = [clamp(from.y), clamp(to.y)].sort((a, b) => a - b) as [number, number];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** Too small to be meant (a click rather than a drag): under 1% of the picture either way. */
export const isTinyCover = (cover: Cover) => cover.width < 0.01 || cover.height < 0.01;

/** The cover the keyboard adds, in the middle of the picture, to be moved and resized from there. */
export const NEW_COVER: Cover = { x: 0.35, y: 0.4, width: 0.3, height: 0.2 };

/** The smallest side a keyboard resize leaves: 2% of the picture. */
const MIN_SIDE = 0.02;

/** Between low and high, rounded to 0.1% so repeated steps do not drift. */
const within = (value: number, low: number, high: number) =>
  Math.round(Math.min(high, Math.max(low, value)) * 1000) / 1000;

/** The cover moved by (dx, dy) fractions of the picture, kept whole inside it. */
export const moveCover = (cover: Cover, dx: number, dy: number): Cover => ({
  ...cover,
  x: within(cover.x + dx, 0, 1 - cover.width),
  y: within(cover.y + dy, 0, 1 - cover.height),
});

/** The cover grown (or shrunk, with negative steps) from its top left corner, up to the picture's edges. */
export const resizeCover = (cover: Cover, dWidth: number, dHeight: number): Cover => ({
  ...cover,
  width: within(cover.width + dWidth, MIN_SIDE, 1 - cover.x),
  height: within(cover.height + dHeight, MIN_SIDE, 1 - cover.y),
});

/** A transparent pixel stands in for any picture the page cannot hand over (never fetched from elsewhere). */
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * Whether an element starts below the window: it is not seen, and leaving it out of the copy moves nothing above
 * it, so a long page (a phone's tutor list) costs what its visible part costs.
 */
const isBelowWindow = (element: Element) => element.getBoundingClientRect().top > window.innerHeight;

/**
 * What the user sees: the app's root drawn onto a canvas (html-to-image, through an SVG image, so only `data:`
 * and `blob:` pictures are involved), then cut to the visible part of the window. Dialogs and toasts live
 * outside the root, so they are never in it.
 */
export async function captureScreen(root: HTMLElement): Promise<HTMLCanvasElement> {
  const whole = await toCanvas(root, {
    pixelRatio: 1,
    cacheBust: false,
    imagePlaceholder: PLACEHOLDER,
    backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
    filter: (node) => !(node instanceof Element && (node.hasAttribute(SCREENSHOT_SKIP) || isBelowWindow(node))),
  });
  const box = root.getBoundingClientRect();
  const width = Math.min(window.innerWidth, whole.width);
  const height = Math.min(window.innerHeight, whole.height);
  const visible = document.createElement('canvas');
  visible.width = width;
  visible.height = height;
  visible.getContext('2d')?.drawImage(whole, -box.left, -box.top, width, height, 0, 0, width, height);
  return visible;
}

/** The screenshot as it is sent: a PNG with every cover painted black. */
export function coveredPng(screen: HTMLCanvasElement, covers: readonly Cover[]): Promise<Blob> {
  const out = document.createElement('canvas');
  out.width = screen.width;
  out.height = screen.height;
  const context = out.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.drawImage(screen, 0, 0);
  context.fillStyle = '#000000';
  for (const c of covers)
    context.fillRect(c.x * out.width, c.y * out.height, c.width * out.width, c.height * out.height);
  return new Promise((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}
