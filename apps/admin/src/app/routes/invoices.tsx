import { useT } from '@darsak/ui/i18n';
import { InvoicesQueue } from '../../features/invoices/components/invoices-queue.tsx';

/** /invoices: tutors' withdrawal requests to approve, cancel, reject or pay with a receipt. */
export function InvoicesPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.invoices')}</h1>
        <p className="text-muted">{t('invoices.admin.subtitle')}</p>
      </div>
      <InvoicesQueue />
    </div>
  );
}
