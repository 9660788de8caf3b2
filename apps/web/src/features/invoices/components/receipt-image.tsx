import { receiptQuery } from '@darsak/client';
import { Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A fulfilled request's receipt: private, so fetched with the token and shown from memory. */
export function ReceiptImage({ url, invoiceId }: { url: string; invoiceId: number }) {
  const { t } = useI18n();
  const receipt = useQuery(receiptQuery(api, url));
  if (receipt.isPending) return <Spinner className="size-5 text-primary-600" label={t('common.loading')} />;
  if (receipt.isError) return <p className="text-sm text-red-700">{t('invoices.requests.receiptFailed')}</p>;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-semibold text-ink">{t('invoices.requests.receipt')}</figcaption>
      <a href={receipt.data} target="_blank" rel="noreferrer" className="w-fit">
        <img
          src={receipt.data}
          alt={t('invoices.requests.receiptAlt', { id: invoiceId })}
          className="max-h-48 rounded-lg border border-line object-contain"
        />
      </a>
    </figure>
  );
}
