import * as RadixToast from '@radix-ui/react-toast';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { TONE_ICONS } from './alert.tsx';
import { CloseIcon } from './icons.tsx';

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

interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast(input: ToastInput): string;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TYPE_CLASSES: Record<ToastType, string> = {
  success: 'border-s-emerald-500 [&_.toast-icon]:text-emerald-600',
  info: 'border-s-sky-500 [&_.toast-icon]:text-sky-600',
  error: 'border-s-red-500 [&_.toast-icon]:text-red-600',
  warning: 'border-s-amber-500 [&_.toast-icon]:text-amber-600',
};

/** Removal after the close animation has had time to run. */
const REMOVE_DELAY_MS = 300;

/**
 * Holds the toasts and renders them through Radix Toast: a polite live region (assertive for errors),
 * F8 to reach the region, close by hand, by swipe towards the inline-start edge, or after 4 s.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const { t, dir } = useI18n();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const counter = useRef(0);

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
    setToasts((list) => [...list, { ...input, id, open: true }]);
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection={dir === 'rtl' ? 'right' : 'left'}
        label={t('toast.label')}
      >
        {children}
        {toasts.map((item) => {
          const type = item.type ?? 'info';
          const Icon = TONE_ICONS[type];
          return (
            <RadixToast.Root
              key={item.id}
              open={item.open}
              onOpenChange={(open) => {
                if (!open) dismiss(item.id);
              }}
              duration={item.duration ?? TOAST_DURATION_MS}
              type={type === 'error' ? 'foreground' : 'background'}
              data-toast-type={type}
              className={cn(
                'pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-s-4 border-line bg-surface p-4 shadow-lg',
                'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
                'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
                'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
                'data-[swipe=end]:animate-toast-out',
                TYPE_CLASSES[type],
              )}
            >
              <Icon className="toast-icon mt-0.5 shrink-0" />
              <div className="flex-1 space-y-1">
                <RadixToast.Title className="font-semibold text-ink">
                  <span className="sr-only">{t(`toast.type.${type}`)}: </span>
                  {item.title}
                </RadixToast.Title>
                {item.description && (
                  <RadixToast.Description className="text-sm text-muted">{item.description}</RadixToast.Description>
                )}
                {item.actions && item.actions.length > 0 && (
                  <div className="flex flex-wrap gap-2 pt-1">
                    {item.actions.map((action) => (
                      <RadixToast.Action
                        key={action.label}
                        altText={action.altText ?? action.label}
                        onClick={action.onClick}
                        className="rounded-lg border border-line px-3 py-1 text-sm font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
                      >
                        {action.label}
                      </RadixToast.Action>
                    ))}
                  </div>
                )}
              </div>
              <RadixToast.Close
                aria-label={t('toast.close')}
                className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-stone-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <CloseIcon className="size-4" />
              </RadixToast.Close>
            </RadixToast.Root>
          );
        })}
        <RadixToast.Viewport
          label={t('toast.region')}
          className="fixed bottom-0 start-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm"
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows toasts; must be used under `<Toaster>`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <Toaster>');
  return api;
}
