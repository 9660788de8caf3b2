import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';
import type { ToastViewProps } from './toast-view.tsx';

/** Toasts close by themselves after 4 s (spec §4, §9). */
export const TOAST_DURATION_MS = 4000;

export type ToastType = 'success' | 'info' | 'error' | 'warning';

export interface ToastAction {
  label: string;
  onClick: () => void;
  /** How a screen reader user can do the same without the toast (Radix requirement); defaults to the label. */
  altText?: string;
}

export interface ToastInput {
  type?: ToastType;
  title: string;
  description?: string;
  actions?: readonly ToastAction[];
  /** Override of the 4000 ms auto-close. */
  duration?: number;
}

/** A toast as the view renders it. */
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
  duration: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast(input: ToastInput): string;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Removal after the close animation has had time to run. */
const REMOVE_DELAY_MS = 300;

type ToastViewComponent = (props: ToastViewProps) => ReactNode;

let loadedView: ToastViewComponent | undefined;
let loadingView: Promise<ToastViewComponent> | undefined;

/** Radix Toast and its parts are a chunk of their own (issue 13: not in the apps' entries). */
function loadToastView(): Promise<ToastViewComponent> {
  loadingView ??= import('./toast-view.tsx').then(
    (module) => {
      loadedView = module.ToastView;
      return module.ToastView;
    },
    (error: unknown) => {
      loadingView = undefined;
      throw error;
    },
  );
  return loadingView;
}

/**
 * Holds the toasts and gives `useToast()`; the view that renders them (`toast-view.tsx`, Radix Toast) is fetched
 * when the page is idle, or at once by the first toast. Toasts raised before it arrives are kept and shown with it.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [View, setView] = useState(() => loadedView);
  const counter = useRef(0);

  const count = toasts.length;
  useEffect(() => {
    if (View) return;
    let mounted = true;
    const load = () => {
      loadToastView().then(
        (view) => {
          if (mounted) setView(() => view);
        },
        // A failed fetch is tried again with the next toast.
        () => undefined,
      );
    };
    if (count > 0) {
      load();
      return () => {
        mounted = false;
      };
    }
    const cancelIdle = whenIdle(load);
    return () => {
      mounted = false;
      cancelIdle();
    };
  }, [View, count]);

  const remove = useCallback((id: string) => setToasts((list) => list.filter((item) => item.id !== id)), []);

  const dismiss = useCallback(
    (id: string) => {
      setToasts((list) => list.map((item) => (item.id === id ? { ...item, open: false } : item)));
      setTimeout(() => remove(id), REMOVE_DELAY_MS);
    },
    [remove],
  );

  const toast = useCallback((input: ToastInput) => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    setToasts((list) => [...list, { ...input, id, open: true, duration: input.duration ?? TOAST_DURATION_MS }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {View && <View toasts={toasts} onClose={dismiss} />}
    </ToastContext.Provider>
  );
}

/** Shows toasts; must be used under `<Toaster>`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <Toaster>');
  return api;
}
