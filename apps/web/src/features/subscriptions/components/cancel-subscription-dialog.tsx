import { Button, Dialog, DialogClose, FormError, TextareaField, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { useCancelSubscription } from '../hooks/use-subscription.ts';

/** Cancel the subscription under the refund rule; `subscription-uncancellable` is shown inside the dialog. */
export function CancelSubscriptionDialog() {
  const t = useT();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelSubscription();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      cancel.reset();
      setReason('');
    }
  };

  const confirm = () =>
    cancel.mutate(reason.trim() || undefined, {
      onSuccess: ({ refund }) => {
        setOpen(false);
        const amount = refund ? text.money(refund.amountPiastres) : null;
        toast({
          type: 'success',
          title: t('payments.subscription.cancelled'),
          ...(refund && amount && refund.amountPiastres > 0
            ? {
                description: refund.pending
                  ? t('payments.subscription.refundPending', { amount })
                  : t('payments.subscription.refund', { amount }),
              }
            : {}),
        });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.subscription.cancelTitle')}
      description={t('payments.subscription.cancelBody')}
      trigger={<Button variant="secondary">{t('payments.subscription.cancel')}</Button>}
    >
      <div className="flex flex-col gap-4">
        <FormError message={cancel.error ? errorText(cancel.error) : undefined} />
        <TextareaField
          label={t('payments.subscription.reason')}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" loading={cancel.isPending} onClick={confirm}>
            {t('payments.subscription.cancelConfirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('payments.subscription.keep')}</Button>
          </DialogClose>
        </div>
      </div>
    </Dialog>
  );
}
