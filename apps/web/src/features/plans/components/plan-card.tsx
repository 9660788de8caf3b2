import { PAID_PERIODS, type PaidPeriod, type Plan } from '@darsak/domain/plans';
import { Badge, buttonClasses, cn } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { FreeTrialDialog } from './free-trial-dialog.tsx';
import { SubscribeDialog } from './subscribe-dialog.tsx';

export interface PlanCardProps {
  plan: Plan;
  signedIn: boolean;
  /**
   * Subscribing is possible: a visitor, or a student without a paid subscription (a paid plan replaces a free
   * trial, and a student on a trial has used it, so it is not offered again).
   */
  canSubscribe: boolean;
  /** Shown a little larger (the middle tier). */
  featured?: boolean;
  /** Her paid subscription under way, when this plan is larger: upgrading to it now, for the same period. */
  upgradeFrom?: { period: PaidPeriod } | null;
}

/**
 * One tier: weekly minutes, the month/quarter/year prices with their discounts, instalments, subscribe, and the
 * free trial when this student may start it.
 */
export function PlanCard({ plan, signedIn, canSubscribe, featured = false, upgradeFrom = null }: PlanCardProps) {
  const t = useT();
  const text = usePaymentsText();
  const name = text.planName(plan);
  const titleId = `plan-${plan.id}-title`;
  const installments = plan.prices.month.installmentOptions;
  const joinedCounts = installments
    .map((count) => text.count('payments.count.installments', count))
    .join(t('payments.plan.or'));

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-5 rounded-(--radius-card) border bg-surface p-5 shadow-(--shadow-card) sm:p-6',
        featured ? 'border-primary-400 ring-2 ring-primary-100' : 'border-line',
      )}
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-xl font-bold text-ink">
            {name}
          </h2>
          {plan.forInvitesOnly && <Badge tone="accent">{t('payments.plan.invitesOnly')}</Badge>}
          {plan.freeTrialAvailable && <Badge tone="success">{t('payments.plan.trialBadge')}</Badge>}
        </div>
        <p className="text-2xl font-extrabold text-primary-700">{text.perWeek(plan.weeklyMinutes)}</p>
      </header>

      <ul aria-label={t('payments.plan.pricesLabel', { name })} className="flex flex-col gap-3">
        {PAID_PERIODS.map((period) => {
          const price = plan.prices[period];
          const discounted = price.discountPercent > 0 && price.fullPricePiastres > price.pricePiastres;
          return (
            <li key={period} className="flex flex-col gap-1 rounded-xl bg-stone-50 px-3.5 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-ink">{t(`payments.periodLong.${period}`)}</span>
                <span className="text-lg font-bold text-ink">{text.money(price.pricePiastres)}</span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
                {discounted ? (
                  <>
                    <Badge tone="success">
                      {t('payments.plan.discount', { percent: text.percent(price.discountPercent) })}
                    </Badge>
                    <span>
                      <span className="sr-only">
                        {t('payments.plan.fullPrice', { price: text.money(price.fullPricePiastres) })}
                      </span>
                      <s aria-hidden="true">{text.money(price.fullPricePiastres)}</s>
                    </span>
                  </>
                ) : (
                  <span>{t('payments.plan.noDiscount')}</span>
                )}
                {price.months > 1 && (
                  <span className="basis-full">
                    {t('payments.plan.perMonth', { price: text.money(Math.round(price.pricePiastres / price.months)) })}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <p className="text-sm text-muted">
        {installments.length > 0
          ? t('payments.plan.installments', { counts: joinedCounts })
          : t('payments.plan.payAtOnce')}
      </p>

      <div className="mt-auto flex flex-col gap-3">
        {plan.freeTrialAvailable && <FreeTrialDialog plan={plan} disabled={!canSubscribe} />}
        {upgradeFrom && (
          <Link
            to={`${paths.checkout.href(plan.id, upgradeFrom.period)}?upgrade=1`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t('payments.plan.upgrade')}
          </Link>
        )}
        <SubscribeDialog plan={plan} signedIn={signedIn} disabled={!canSubscribe} />
      </div>
    </article>
  );
}
