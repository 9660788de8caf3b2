import { PAID_PERIODS, type PaidPeriod, type Plan } from '@darsak/domain/plans';
import { Badge, Button, cn, Dialog } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';

export interface SubscribeDialogProps {
  plan: Plan;
  /** Signed in as a student: otherwise the dialog says sign-in comes first (the checkout route asks for it). */
  signedIn: boolean;
  disabled?: boolean;
}

/** The subscribe dialog of spec §2: pick a period, then go to /checkout/{planId}/{period}. */
export function SubscribeDialog({ plan, signedIn, disabled }: SubscribeDialogProps) {
  const t = useT();
  const text = usePaymentsText();
  const navigate = useNavigate();
  const name = text.planName(plan);
  const [period, setPeriod] = useState<PaidPeriod>('month');
  const groupName = useId();

  return (
    <Dialog
      title={t('payments.subscribe.title', { name })}
      description={t('payments.subscribe.description')}
      trigger={
        <Button block disabled={disabled} aria-label={t('payments.plan.subscribeTo', { name })}>
          {t('payments.plan.subscribe')}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(paths.checkout.href(plan.id, period));
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-ink">{t('payments.subscribe.periodLegend')}</legend>
          {PAID_PERIODS.map((option) => {
            const price = plan.prices[option];
            return (
              <label
                key={option}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3.5 transition-colors',
                  'has-checked:border-primary-500 has-checked:bg-primary-50',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
                )}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={option}
                  checked={period === option}
                  onChange={() => setPeriod(option)}
                  className="size-4 accent-primary-600"
                />
                <span className="flex flex-1 flex-col">
                  <span className="font-semibold text-ink">{t(`payments.periodLong.${option}`)}</span>
                  <span className="text-sm text-muted">
                    {t('payments.subscribe.weeks', { weeks: text.count('payments.count.weeks', price.weeks) })}
                  </span>
                </span>
                <span className="flex flex-col items-end gap-1 text-end">
                  <span className="font-bold text-ink">{text.money(price.pricePiastres)}</span>
                  {price.discountPercent > 0 && (
                    <Badge tone="success">
                      {t('payments.plan.discount', { percent: text.percent(price.discountPercent) })}
                    </Badge>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        {!signedIn && <p className="text-sm text-muted">{t('payments.subscribe.signInFirst')}</p>}
        <Button type="submit" block>
          {t('payments.subscribe.continue')}
        </Button>
      </form>
    </Dialog>
  );
}
