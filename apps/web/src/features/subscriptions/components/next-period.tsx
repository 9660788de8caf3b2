import type { Subscription } from '@darsak/domain/subscriptions';
import { Button, buttonClasses, ConfirmDialog, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { DetailRow } from '../../../components/detail-row.tsx';
import { paths } from '../../../config/paths.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { useCancelNextPeriod } from '../hooks/use-subscription.ts';

/** Cancel the next period before it starts: nothing of it was used, so its whole price comes back. */
function CancelNextPeriodDialog({ pricePiastres }: { pricePiastres: number }) {
  const { t } = useI18n();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const cancel = useCancelNextPeriod();
  const amount = text.money(pricePiastres);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="secondary">
          {t('payments.next.cancel')}
        </Button>
      }
      title={t('payments.next.cancelTitle')}
      description={t('payments.next.cancelBody', { amount })}
      confirm={t('payments.next.cancelConfirm')}
      cancel={t('payments.next.keep')}
      busy={cancel.isPending}
      onConfirm={() =>
        cancel.mutateAsync().then(
          () => toast({ type: 'success', title: t('payments.next.cancelled', { amount }) }),
          (error: unknown) =>
            toast({ type: 'error', title: t('payments.next.cancelFailed'), description: errorText(error) }),
        )
      }
    />
  );
}

/**
 * Renewal without a gap on the subscription card: the next period paid in advance (its plan, start and price,
 * cancellable before it starts), or the one tap to pay it, to the checkout of the same plan and period.
 */
export function NextPeriod({ subscription }: { subscription: Subscription }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const { next, payAhead } = subscription;
  if (next) {
    return (
      <section aria-labelledby="next-period" className="mt-4 rounded-lg border border-line p-3">
        <h3 id="next-period" className="font-semibold text-ink">
          {t('payments.next.title')}
        </h3>
        <dl>
          <DetailRow label={t('payments.subscription.plan')}>{text.perWeek(next.weeklyMinutes)}</DetailRow>
          <DetailRow label={t('payments.next.startsAt')}>{format.date(next.startsAt)}</DetailRow>
          <DetailRow label={t('payments.subscription.price')}>{text.money(next.pricePiastres)}</DetailRow>
        </dl>
        <div className="mt-3">
          <CancelNextPeriodDialog pricePiastres={next.pricePiastres} />
        </div>
      </section>
    );
  }
  if (!payAhead || subscription.period === 'freeTrial') return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-primary-50 p-3">
      <Link
        to={paths.checkout.href(subscription.planId, subscription.period)}
        className={buttonClasses({ size: 'sm' })}
      >
        {t('payments.next.payAhead')}
      </Link>
      <p className="text-sm text-ink">{t('payments.next.payAheadHint', { date: format.date(payAhead.startsAt) })}</p>
    </div>
  );
}
