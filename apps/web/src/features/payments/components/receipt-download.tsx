import type { Transaction } from '@darsak/domain/payments';
import { Button, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useErrorText } from '../../../lib/forms.ts';
import { useDownloadReceipt } from '../hooks/use-payments.ts';

/**
 * "Download receipt" for a paid payment: its PDF in the page's language, fetched with the session (a bare link
 * would lack the token); the button waits while it comes, and a failure is said in a toast.
 */
export function ReceiptDownload({ transaction, size = 'sm' }: { transaction: Transaction; size?: 'sm' | 'md' }) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const download = useDownloadReceipt();
  if (!transaction.receiptNumber) return null;
  const label = t('payments.receipt.download');
  return (
    <Button
      size={size}
      variant="secondary"
      loading={download.isPending}
      aria-label={`${label} ${transaction.receiptNumber}`}
      onClick={() =>
        download.mutate(
          { transaction, lang: locale === 'en' ? 'en' : 'ar' },
          {
            onError: (error) =>
              toast({ type: 'error', title: t('payments.receipt.failed'), description: errorText(error) }),
          },
        )
      }
    >
      {label}
    </Button>
  );
}
