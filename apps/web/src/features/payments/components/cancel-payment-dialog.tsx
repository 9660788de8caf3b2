import type { Transaction } from '@darsak/domain/payments';
import { Button, Dialog, DialogClose, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useCancelPayment } from '../hooks/use-payments.ts';

/** Asks before cancelling a pending payment (at the provider too), then says how it went in a toast. */
export function CancelPaymentDialog({ transaction, trigger }: { transaction: Transaction; trigger: ReactNode }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const cancel = useCancelPayment();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t('payments.history.cancelTitle')}
      description={t('payments.history.cancelBody')}
      trigger={trigger}
    >
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(transaction.id, {
              onSuccess: () => {
                setOpen(false);
                toast({ type: 'success', title: t('payments.history.cancelled') });
              },
              onError: (error) => {
                setOpen(false);
                toast({ type: 'error', title: t('payments.history.cancelFailed'), description: errorText(error) });
              },
            })
          }
        >
          {t('payments.history.cancelConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{t('payments.history.keep')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
