import * as RadixToast from '@radix-ui/react-toast';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { TONE_ICONS } from './alert.tsx';
import { CloseIcon } from './icons.tsx';
import type { ToastItem, ToastType } from './toaster.tsx';

const TYPE_CLASSES: Record<ToastType, string> = {
  success: 'border-s-emerald-500 [&_.toast-icon]:text-emerald-600',
  info: 'border-s-sky-500 [&_.toast-icon]:text-sky-600',
  error: 'border-s-red-500 [&_.toast-icon]:text-red-600',
  warning: 'border-s-amber-500 [&_.toast-icon]:text-amber-600',
};

export interface ToastViewProps {
  toasts: readonly ToastItem[];
  /** Called when a toast closes: by hand, by swipe or after its duration. */
  onClose: (id: string) => void;
}

/**
 * The toasts through Radix Toast, loaded apart from `<Toaster>` (a chunk of its own): a polite live region
 * (assertive for errors), F8 to reach the region, close by hand, by swipe towards the inline-start edge, or after
 * the toast's duration. Each toast announces itself when it mounts, so one raised before this loaded is announced too.
 */
export function ToastView({ toasts, onClose }: ToastViewProps) {
  const { t, dir } = useI18n();
  return (
    <RadixToast.Provider swipeDirection={dir === 'rtl' ? 'right' : 'left'} label={t('toast.label')}>
      {toasts.map((item) => {
        const type = item.type ?? 'info';
        const Icon = TONE_ICONS[type];
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) onClose(item.id);
            }}
            duration={item.duration}
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
  );
}
