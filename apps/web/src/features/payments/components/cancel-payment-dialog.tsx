import type { Transaction } from '@darsak/domain/payments';
import { ConfirmDialog, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useCancelPayment } from '../hooks/use-payments.ts';

/** Asks before cancelling a pending payment (at the provider too), then says how it went in a toast. */
export function CancelPaymentDialog({ transaction, trigger }: { transaction: Transaction; trigger: ReactNode }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const cancel = useCancelPayment();
  return (
    <ConfirmDialog
      trigger={trigger}
      title={t('payments.history.cancelTitle')}
      description={t('payments.history.cancelBody')}
      confirm={t('payments.history.cancelConfirm')}
      cancel={t('payments.history.keep')}
      busy={cancel.isPending}
      onConfirm={() =>
        cancel.mutateAsync(transaction.id).then(
          () => toast({ type: 'success', title: t('payments.history.cancelled') }),
          (error: unknown) =>
            toast({ type: 'error', title: t('payments.history.cancelFailed'), description: errorText(error) }),
        )
      }
    />
  );
}
