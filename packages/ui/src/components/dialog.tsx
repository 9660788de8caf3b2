import {
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (a button: it gets the click and the dialog's ARIA state). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * Radix's dialog (focus trap, Escape, portal: ~15 KB gzip with its parts) is loaded when a page first opens a
 * dialog, so pages that only offer one do not load it up front. The trigger is rendered here, at once.
 */
const loadView = () => import('./dialog-view.tsx');
const DialogView = lazy(async () => ({ default: (await loadView()).DialogView }));
/** Fetched as a pointer or the focus reaches a trigger, so a click finds it loaded. */
const warmUp = () => void loadView();

/** Closes the dialog it is in (`DialogClose`). */
const CloseDialog = createContext<(() => void) | undefined>(undefined);

type Clickable = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

/** The child's own click first; then `action`, unless the child's handler prevented it (as Radix composes them). */
const clickThen =
  (child: Clickable, action: (event: MouseEvent<HTMLElement>) => void) => (event: MouseEvent<HTMLElement>) => {
    child.props.onClick?.(event);
    if (!event.defaultPrevented) action(event);
  };

/** A modal dialog: focus is trapped, Escape and the close button dismiss it. */
export function Dialog({ open, onOpenChange, trigger, ...view }: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const shown = open ?? ownOpen;
  // once opened it stays rendered, closed, so the next opening is at once
  const opened = useRef(false);
  if (shown) opened.current = true;
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();
  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const close = () => change(false);
  return (
    <>
      {isValidElement(trigger) &&
        cloneElement(
          trigger as Clickable,
          {
            'aria-haspopup': 'dialog',
            'aria-expanded': shown,
            'aria-controls': shown ? id : undefined,
            'data-state': shown ? 'open' : 'closed',
            onPointerEnter: warmUp,
            onFocus: warmUp,
            onTouchStart: warmUp,
            onClick: clickThen(trigger as Clickable, (event) => {
              opener.current = event.currentTarget;
              change(true);
            }),
          } as Record<string, unknown>,
        )}
      {opened.current && (
        <CloseDialog.Provider value={close}>
          <Suspense fallback={null}>
            <DialogView {...view} id={id} open={shown} onOpenChange={change} opener={opener} />
          </Suspense>
        </CloseDialog.Provider>
      )}
    </>
  );
}

/** Makes its child (`asChild`, a button) close the dialog it is in. */
export function DialogClose({ children }: { asChild: true; children: ReactElement }) {
  const close = useContext(CloseDialog);
  const child = children as Clickable;
  return cloneElement(child, { onClick: clickThen(child, () => close?.()) });
}
