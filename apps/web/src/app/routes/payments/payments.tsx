import { registerMessages, useT } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { PaymentsList } from '../../../features/payments/components/payments-list.tsx';
import { SubscriptionCard } from '../../../features/subscriptions/components/subscription-card.tsx';
import { purchaseBlocked, useCurrentSubscription } from '../../../features/subscriptions/hooks/use-subscription.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(paymentsMessages);

/** /payments: the subscription with its cancellation, and the payment history. */
export function PaymentsPage() {
  const t = useT();
  const subscription = useCurrentSubscription();
  // a free trial does not stop a retry: the paid plan replaces it
  const blocked = purchaseBlocked(subscription.data);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('feature.payments')} subtitle={t('payments.history.subtitle')} />
      <SubscriptionCard />
      <section aria-labelledby="payments-history" className="flex flex-col gap-3">
        <h2 id="payments-history" className="text-lg font-bold text-ink">
          {t('payments.history.listLabel')}
        </h2>
        <PaymentsList retryable={!subscription.isPending && !blocked} />
      </section>
    </div>
  );
}
