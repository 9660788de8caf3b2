import { isPaidPeriod } from '@darsak/domain/plans';
import { buttonClasses, EmptyState } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { CheckoutView } from '../../../features/checkout/components/checkout-view.tsx';
import { useCheckoutSubtitle } from '../../../features/checkout/hooks/use-checkout.ts';
import {
  activeSubscriptionOf,
  useCurrentSubscription,
} from '../../../features/subscriptions/hooks/use-subscription.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(paymentsMessages);

/** /checkout/{planId}/{period}: plan summary, payment method tabs, then the payment's status. */
export function CheckoutPage() {
  const t = useT();
  const user = useCurrentUser();
  const params = useParams();
  const planId = Number(params.planId);
  const period = params.period;
  const subscription = activeSubscriptionOf(useCurrentSubscription().data);
  const [search] = useSearchParams();
  const transactionId = Number(search.get('transactionId'));
  const subtitle = useCheckoutSubtitle(Number.isInteger(transactionId) && transactionId > 0 ? transactionId : null);

  if (!Number.isInteger(planId) || planId <= 0 || !isPaidPeriod(period)) {
    return (
      <EmptyState
        title={t('payments.checkout.badPeriod')}
        description={t('payments.checkout.badPeriodBody')}
        action={
          <Link to={paths.plans.href()} className={buttonClasses()}>
            {t('payments.checkout.backToPlans')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('feature.checkout')} subtitle={t(subtitle)} />
      <CheckoutView
        planId={planId}
        period={period}
        phone={user?.phone ?? null}
        subscription={subscription}
        upgrade={search.get('upgrade') === '1'}
      />
    </div>
  );
}
