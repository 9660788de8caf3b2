import { Dialog } from '@darsak/ui';
import { type ReactNode, useState } from 'react';

/**
 * A create-or-edit form in a dialog. The form is mounted only while open, so every opening starts from the
 * record as it is now; `form(close)` gets what closes the dialog after a save.
 */
export function FormDialog({
  title,
  trigger,
  form,
}: {
  title: string;
  trigger: ReactNode;
  form: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} size="lg" title={title} trigger={trigger}>
      {open && form(() => setOpen(false))}
    </Dialog>
  );
}
