import { planQuery, transactionQuery } from '@darsak/client';
import type { PaymentResult } from '@darsak/domain/payments';
import type { CouponCheck, PaidPeriod } from '@darsak/domain/plans';
import { blocksPurchase, isFreeTrial, type Subscription } from '@darsak/domain/subscriptions';
import {
  Alert,
  Button,
  buttonClasses,
  cn,
  EmptyState,
  LoadingAnimation,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  textLinkClasses,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { useUpgradeQuote } from '../hooks/use-checkout.ts';
import { CouponForm } from './coupon-form.tsx';
import { ResumeLastPayment } from './open-payment.tsx';
import { OrderSummary, totalsOf } from './order-summary.tsx';
import { CardPayTab, CashPayTab, InstallmentPayTab, type PaymentProviders, WalletPayTab } from './pay-tabs.tsx';
import { PaymentStatus } from './payment-status.tsx';

type Method = 'card' | 'eWallet' | 'cashReference' | 'bankInstallment';
const METHODS: readonly Method[] = ['card', 'eWallet', 'cashReference', 'bankInstallment'];
/** Without the server's word, Fawry alone (its methods are the ones every deployment had). */
const FAWRY_ONLY: PaymentProviders = { fawry: true, paymob: false };

/** Fawry's methods where Fawry takes payments; where only Paymob does, its card page is the one way. */
const methodsOf = (providers: PaymentProviders): readonly Method[] =>
  providers.fawry || !providers.paymob ? METHODS : ['card'];

export interface CheckoutViewProps {
  planId: number;
  period: PaidPeriod;
  /** The student's phone, offered as the wallet number. */
  phone: string | null;
  /**
   * The student's active subscription, if any. A paid one makes this the next period, starting at its end
   * (`payAhead`), or refuses buying once that is paid already (`next-period-scheduled`), so the methods are off; a
   * free trial is replaced once this payment is confirmed.
   */
  subscription: Subscription | null;
  /** A mid-term upgrade of that subscription to this larger plan (`?upgrade=1`): priced for its weeks left. */
  upgrade?: boolean;
}

/**
 * /checkout/{planId}/{period}: the plan summary with the coupon, and the payment methods as tabs. A started
 * payment is kept in the address (`?transactionId=`), which is also where the bank returns after 3-D Secure.
 */
export function CheckoutView({ planId, period, phone, subscription, upgrade = false }: CheckoutViewProps) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const providers = usePublicConfig().data?.paymentProviders ?? FAWRY_ONLY;
  const plan = useQuery(planQuery(api, planId));
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  const [method, setMethod] = useState<Method>('card');
  const [wallet, setWallet] = useState<{ qr: string | null; phone: string | null }>({ qr: null, phone: null });
  const [started, setStarted] = useState(false);

  const rawId = Number(search.get('transactionId'));
  const transactionId = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  // the started payment's own amounts (shared with the status watch's cache)
  const transaction = useQuery({ ...transactionQuery(api, transactionId ?? 0), enabled: transactionId !== null });
  const upgrading = upgrade && transactionId === null;
  const upgradeQuote = useUpgradeQuote(planId, period, upgrading);

  if (plan.isPending) return <LoadingAnimation label={t('common.loading')} />;
  if (plan.isError) {
    return (
      <EmptyState
        title={t('payments.checkout.loadError')}
        description={errorText(plan.error)}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={() => void plan.refetch()}>
              {t('common.retry')}
            </Button>
            <Link to={paths.plans.href()} className={buttonClasses()}>
              {t('payments.checkout.backToPlans')}
            </Link>
          </div>
        }
      />
    );
  }

  const paid = transactionId !== null ? transaction.data : undefined;
  const totals = paid
    ? {
        ...totalsOf(plan.data, period),
        couponDiscountPiastres: paid.discountPiastres,
        amountPiastres: paid.amountPiastres,
      }
    : upgradeQuote.data
      ? { ...totalsOf(plan.data, period), couponDiscountPiastres: 0, amountPiastres: upgradeQuote.data.amountPiastres }
      : (coupon?.quote ?? totalsOf(plan.data, period));
  const target = { planId, period, couponCode: coupon?.code, upgrade: upgrading };
  const onStarted = (result: PaymentResult, walletPhone?: string) => {
    setWallet({ qr: result.walletQr, phone: walletPhone ?? null });
    setStarted(true);
    setSearch({ transactionId: String(result.transaction.id) }, { replace: false });
  };
  const retry = () => {
    setWallet({ qr: null, phone: null });
    setStarted(false);
    setSearch({}, { replace: false });
  };
  const subscribed =
    !upgrading && subscription !== null && blocksPurchase(subscription) && subscription.payAhead === null;
  const startsAt = upgrading ? null : (subscription?.payAhead?.startsAt ?? null);
  const upgradeRefused = upgrading && upgradeQuote.isError;
  const tabProps = {
    target,
    amountPiastres: totals.amountPiastres,
    disabled: subscribed || (upgrading && !upgradeQuote.data),
    onStarted,
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className={cn('flex flex-col gap-4 lg:order-2', transactionId !== null && 'order-2')}>
        <OrderSummary
          plan={plan.data}
          period={period}
          totals={totals}
          couponCode={coupon?.code ?? null}
          endsTrial={subscription !== null && isFreeTrial(subscription)}
        >
          {transactionId === null && !upgrading && (
            <CouponForm planId={planId} period={period} applied={coupon} onApplied={setCoupon} disabled={subscribed} />
          )}
        </OrderSummary>
        <p className="text-xs text-muted">{t('payments.checkout.secure')}</p>
      </div>

      <div className={cn('flex flex-col gap-4 lg:order-1', transactionId !== null && 'order-1')}>
        {transactionId !== null ? (
          <PaymentStatus
            transactionId={transactionId}
            plan={plan.data}
            walletQr={wallet.qr}
            walletPhone={wallet.phone}
            syncFirst={!started}
            onRetry={retry}
          />
        ) : (
          <>
            {subscribed && (
              <Alert
                tone="warning"
                action={
                  <Link to={paths.payments.href()} className={textLinkClasses}>
                    {t('payments.plans.activeLink')}
                  </Link>
                }
              >
                {t('payments.checkout.alreadySubscribed')}
              </Alert>
            )}
            {startsAt && <Alert tone="info">{t('payments.checkout.startsOn', { date: format.date(startsAt) })}</Alert>}
            {upgradeQuote.data && (
              <Alert tone="info">
                {t('payments.checkout.upgrade', {
                  weeks: text.count('payments.count.weeks', upgradeQuote.data.weeks),
                  minutes: format.minutes(upgradeQuote.data.weeklyMinutes),
                })}
              </Alert>
            )}
            {upgradeRefused && (
              <Alert
                tone="warning"
                action={
                  <Link to={paths.plans.href()} className={textLinkClasses}>
                    {t('payments.checkout.backToPlans')}
                  </Link>
                }
              >
                {errorText(upgradeQuote.error)}
              </Alert>
            )}
            <ResumeLastPayment />
            {!upgradeRefused && (
              <section aria-labelledby="checkout-methods" className="flex flex-col gap-3">
                <h2 id="checkout-methods" className="text-lg font-bold text-ink">
                  {t('payments.checkout.methods')}
                </h2>
                <Tabs value={method} onValueChange={(value) => setMethod(value as Method)}>
                  <TabsList aria-label={t('payments.checkout.methods')} className="flex-wrap sm:flex-nowrap">
                    {methodsOf(providers).map((m) => (
                      <TabsTrigger key={m} value={m} className="min-w-[45%] sm:min-w-0">
                        {t(TAB_LABELS[m])}
                      </TabsTrigger>
                    ))}
                  </TabsList>
                  <div className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card) sm:p-6">
                    <TabsContent value="card">
                      <CardPayTab {...tabProps} providers={providers} />
                    </TabsContent>
                    <TabsContent value="eWallet">
                      <WalletPayTab {...tabProps} defaultPhone={phone} />
                    </TabsContent>
                    <TabsContent value="cashReference">
                      <CashPayTab {...tabProps} />
                    </TabsContent>
                    <TabsContent value="bankInstallment">
                      <InstallmentPayTab {...tabProps} plan={plan.data} />
                    </TabsContent>
                  </div>
                </Tabs>
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}

const TAB_LABELS = {
  card: 'payments.card.tab',
  eWallet: 'payments.wallet.tab',
  cashReference: 'payments.cash.tab',
  bankInstallment: 'payments.installments.tab',
} as const;
