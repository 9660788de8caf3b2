import { isFreeTrial, type Subscription } from '@darsak/domain/subscriptions';
import { Button, Dialog, DialogClose, FormError, TextareaField, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { useCancelSubscription } from '../hooks/use-subscription.ts';

/** What cancelling now gives back, in words: the refund, nothing, or not possible at all. */
function useCancelOutcome(subscription: Subscription): string {
  const t = useT();
  const text = usePaymentsText();
  const terms = subscription.cancellation;
  if (!terms?.allowed) return t('payments.subscription.cancelNotAllowed');
  if (isFreeTrial(subscription)) return t('payments.subscription.cancelFree');
  if (terms.refundPiastres === 0) return t('payments.subscription.cancelNoRefund');
  return t('payments.subscription.cancelRefund', { amount: text.money(terms.refundPiastres) });
}

/**
 * Cancel the subscription under the refund rule of DESIGN §4, told before confirming: what comes back now and
 * the lesson limit with the lessons so far. Beyond the limit there is nothing to confirm; a refusal that arrives
 * anyway (`subscription-uncancellable`, a lesson booked meanwhile) is shown inside the dialog.
 */
export function CancelSubscriptionDialog({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelSubscription();
  const outcome = useCancelOutcome(subscription);
  const terms = subscription.cancellation;

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
      description={outcome}
      trigger={<Button variant="secondary">{t('payments.subscription.cancel')}</Button>}
    >
      <div className="flex flex-col gap-4">
        {terms && (
          <p className="rounded-lg bg-stone-50 p-3 text-sm text-ink">
            {t('payments.subscription.cancelRule', {
              max: text.count('payments.count.lessons', terms.maxLessons),
              taken: text.count('payments.count.lessons', terms.lessonsTaken),
            })}
          </p>
        )}
        <FormError message={cancel.error ? errorText(cancel.error) : undefined} />
        {terms?.allowed ? (
          <>
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
          </>
        ) : (
          <div>
            <DialogClose asChild>
              <Button variant="secondary">{t('payments.subscription.close')}</Button>
            </DialogClose>
          </div>
        )}
      </div>
    </Dialog>
  );
}
