import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

export interface ConfirmDialogProps {
  /** The button that opens the dialog (its accessible name names the object). */
  trigger: ReactNode;
  title: string;
  description: string;
  confirm: string;
  /** The button that keeps things as they are (default: "cancel"). */
  cancel?: string;
  busy: boolean;
  /** Runs the action; resolves when done so the dialog closes. */
  onConfirm: () => Promise<unknown>;
}

/** "Are you sure?" before a destructive action. */
export function ConfirmDialog({ trigger, title, description, confirm, cancel, busy, onConfirm }: ConfirmDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} size="sm" title={title} description={description} trigger={trigger}>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          loading={busy}
          onClick={() =>
            void onConfirm()
              .then(() => setOpen(false))
              .catch(() => setOpen(false))
          }
        >
          {confirm}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{cancel ?? t('common.cancel')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
