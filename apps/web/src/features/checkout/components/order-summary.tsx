import type { PaidPeriod, Plan } from '@darsak/domain/plans';
import { Alert, Card } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { usePaymentsText } from '../../../lib/payments-text.ts';

/** What the checkout charges; from the plan's period price, or the server's quote once a coupon is applied. */
export interface Totals {
  fullPricePiastres: number;
  periodDiscountPercent: number;
  pricePiastres: number;
  couponDiscountPiastres: number;
  amountPiastres: number;
}

export const totalsOf = (plan: Plan, period: PaidPeriod): Totals => {
  const price = plan.prices[period];
  return {
    fullPricePiastres: price.fullPricePiastres,
    periodDiscountPercent: price.discountPercent,
    pricePiastres: price.pricePiastres,
    couponDiscountPiastres: 0,
    amountPiastres: price.pricePiastres,
  };
};

function Line({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex items-baseline justify-between gap-4 pt-3 text-lg font-bold text-ink'
          : 'flex items-baseline justify-between gap-4 py-1.5 text-sm'
      }
    >
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd className={strong ? 'text-primary-700' : 'font-semibold text-ink'}>{children}</dd>
    </div>
  );
}

export interface OrderSummaryProps {
  plan: Plan;
  period: PaidPeriod;
  totals: Totals;
  couponCode: string | null;
  /** The student is on a free trial, which this payment ends once confirmed. */
  endsTrial?: boolean;
  /** The coupon form, under the totals. */
  children?: ReactNode;
}

/** The plan summary of the checkout: minutes, period, price, discounts, coupon and total. */
export function OrderSummary({ plan, period, totals, couponCode, endsTrial = false, children }: OrderSummaryProps) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const weeks = plan.prices[period].weeks;
  return (
    <Card title={t('payments.checkout.summary')} aria-label={t('payments.checkout.summary')}>
      <dl className="divide-y divide-line/60">
        <Line label={t('payments.checkout.plan')}>{text.planName(plan)}</Line>
        <Line label={t('payments.checkout.weeklyMinutes')}>{format.minutes(plan.weeklyMinutes)}</Line>
        <Line label={t('payments.checkout.period')}>
          {t('payments.checkout.periodValue', {
            period: t(`payments.periodLong.${period}`),
            weeks: text.count('payments.count.weeks', weeks),
          })}
        </Line>
        <Line label={t('payments.checkout.fullPrice')}>{text.money(totals.fullPricePiastres)}</Line>
        {totals.periodDiscountPercent > 0 && (
          <Line label={t('payments.checkout.periodDiscount', { percent: text.percent(totals.periodDiscountPercent) })}>
            −{text.money(totals.fullPricePiastres - totals.pricePiastres)}
          </Line>
        )}
        {totals.couponDiscountPiastres > 0 && (
          <Line
            label={
              couponCode
                ? t('payments.checkout.couponDiscount', { code: couponCode })
                : t('payments.checkout.couponDiscountPlain')
            }
          >
            −{text.money(totals.couponDiscountPiastres)}
          </Line>
        )}
        <Line strong label={t('payments.checkout.total')}>
          {text.money(totals.amountPiastres)}
        </Line>
      </dl>
      {endsTrial && (
        <Alert tone="info" className="mt-4">
          {t('payments.checkout.trialEnds')}
        </Alert>
      )}
      {children && <div className="mt-5 border-t border-line pt-5">{children}</div>}
    </Card>
  );
}
