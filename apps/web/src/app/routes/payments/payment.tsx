import { cn, textLinkClasses } from '@darsak/ui';
import { registerMessages, useI18n } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { PaymentDetail } from '../../../features/payments/components/payment-detail.tsx';
import { purchaseBlocked, useCurrentSubscription } from '../../../features/subscriptions/hooks/use-subscription.ts';
import { NotFoundPage } from '../not-found.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(paymentsMessages);

/** /payments/{id}: one payment, reached from the payments list and from the checkout's status. */
export function PaymentPage() {
  const { t, format } = useI18n();
  const id = Number(useParams().id);
  const subscription = useCurrentSubscription();
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2">
        <Link to={paths.payments.href()} className={cn(textLinkClasses, 'text-sm')}>
          {t('payments.detail.back')}
        </Link>
        <PageHeader
          title={t('payments.detail.title')}
          subtitle={t('payments.detail.subtitle', { id: format.number(id) })}
        />
      </div>
      <PaymentDetail id={id} retryable={!subscription.isPending && !purchaseBlocked(subscription.data)} />
    </div>
  );
}
