import { Button, Dialog, DialogClose } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';

export interface ConfirmDialogProps {
  /** The button that opens the dialog (its accessible name names the object). */
  trigger: ReactNode;
  title: string;
  description: string;
  confirm: string;
  busy: boolean;
  /** Runs the action; resolves when done so the dialog closes. */
  onConfirm: () => Promise<unknown>;
}

/** "Are you sure?" before a destructive action. */
export function ConfirmDialog({ trigger, title, description, confirm, busy, onConfirm }: ConfirmDialogProps) {
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
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
