import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import type { DialogProps } from './dialog.tsx';
import { CloseIcon } from './icons.tsx';

// Radix's dialog, loaded with the first dialog a page opens (dialog.tsx).

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

const overlayClasses = 'fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in';

function CloseButton({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <RadixDialog.Close
      className={cn(
        'flex size-9 items-center justify-center rounded-lg text-muted hover:bg-primary-50 hover:text-ink',
        'focus-visible:outline-2 focus-visible:outline-primary-600',
        className,
      )}
      aria-label={t('common.close')}
    >
      <CloseIcon />
    </RadixDialog.Close>
  );
}

/** Radix's modal root, its portal and overlay: what the dialog and the drawer share. */
function Modal({ open, onOpenChange, children }: Pick<DrawerProps, 'open' | 'onOpenChange' | 'children'>) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        {children}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface DialogViewProps extends Omit<DialogProps, 'trigger' | 'open' | 'onOpenChange'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opened it, given focus back on closing (as Radix does for its own trigger). */
  opener: RefObject<HTMLElement | null>;
  id: string;
}

/** A modal dialog: focus is trapped, Escape and the close button dismiss it. */
export function DialogView({
  open,
  onOpenChange,
  opener,
  id,
  title,
  description,
  children,
  size = 'md',
}: DialogViewProps) {
  const { dir } = useI18n();
  return (
    <Modal open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Content
        id={id}
        dir={dir}
        className={cn(
          'fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[90dvh] -translate-y-1/2 overflow-y-auto',
          'rounded-2xl bg-surface p-6 shadow-xl data-[state=open]:animate-fade-in',
          SIZES[size],
        )}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="space-y-1">
            <RadixDialog.Title className="text-xl font-bold text-ink">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>
            )}
          </div>
          <CloseButton className="-me-2 -mt-1 shrink-0" />
        </div>
        {children}
      </RadixDialog.Content>
    </Modal>
  );
}

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
}

/** A panel that slides from the inline-start edge (the right in Arabic); used for the phone sidebar. */
export function Drawer({ open, onOpenChange, title, children }: DrawerProps) {
  const { dir } = useI18n();
  return (
    <Modal open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Content
        dir={dir}
        aria-describedby={undefined}
        className="fixed inset-y-0 start-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-surface p-4 shadow-xl data-[state=open]:animate-fade-in"
      >
        <div className="mb-2 flex items-center justify-between">
          <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
          <CloseButton />
        </div>
        {children}
      </RadixDialog.Content>
    </Modal>
  );
}
