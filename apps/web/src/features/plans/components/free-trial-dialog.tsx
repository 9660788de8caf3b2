import { type ApiErrorCode, errorCodeOf, plansKeys } from '@darsak/client';
import type { Plan } from '@darsak/domain/plans';
import { Alert, Button, buttonClasses, Dialog, DialogClose, SparkleIcon, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { useStartFreeTrial } from '../../subscriptions/hooks/use-subscription.ts';

/** Refusals that trying again will not change, told in the trial's words, with where to go about them. */
const REFUSALS: Partial<Record<ApiErrorCode, { text: MessageKey; link?: { href: string; label: MessageKey } }>> = {
  'payment-in-progress': {
    text: 'payments.trial.paymentInProgress',
    link: { href: paths.payments.href(), label: 'payments.trial.toPayments' },
  },
  'subscription-exists': {
    text: 'payments.trial.subscriptionExists',
    link: { href: paths.payments.href(), label: 'payments.plans.activeLink' },
  },
  'free-trial-used': { text: 'payments.trial.used' },
};

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * Starts the free trial of a plan the student was invited to, after telling what it gives: the weekly minutes,
 * how long (the plan carries the trial weeks in force; 0 is open-ended), and that it costs nothing. A refusal is shown inside the dialog; on success the student lands on
 * the dashboard, where the minutes show.
 */
export function FreeTrialDialog({ plan, disabled }: { plan: Plan; disabled?: boolean }) {
  const { t, format, errorMessage } = useI18n();
  const text = usePaymentsText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const start = useStartFreeTrial();
  const name = text.planName(plan);
  const failure = start.error ? errorCodeOf(start.error) : null;
  const refusal = failure ? REFUSALS[failure] : undefined;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next || !start.isError) return;
    start.reset();
    // A refusal means the card was out of date (a trial used or a subscription started elsewhere).
    void queryClient.invalidateQueries({ queryKey: plansKeys.all });
  };

  const confirm = () =>
    start.mutate(plan.id, {
      onSuccess: (subscription) => {
        setOpen(false);
        toast({
          type: 'success',
          title: t('payments.trial.started'),
          description: t('payments.trial.startedBody', {
            minutes: format.minutes(subscription.remainingWeeklyMinutes),
          }),
        });
        navigate(paths.studentDashboard.href());
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.trial.title', { name })}
      description={t('payments.trial.description')}
      trigger={
        <Button variant="accent" block disabled={disabled} aria-label={t('payments.plan.startTrialOf', { name })}>
          <SparkleIcon aria-hidden="true" />
          {t('payments.plan.startTrial')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <h3 className="-mb-2 text-sm font-semibold text-ink">{t('payments.trial.gives')}</h3>
        <dl className="flex flex-col divide-y divide-line rounded-xl bg-stone-50 px-3.5">
          <Term label={t('payments.trial.minutes')}>{text.perWeek(plan.weeklyMinutes)}</Term>
          <Term label={t('payments.trial.length')}>
            {plan.freeTrialWeeks
              ? text.count('payments.count.weeks', plan.freeTrialWeeks)
              : t('payments.trial.openEnded')}
          </Term>
          <Term label={t('payments.trial.price')}>{t('payments.trial.free')}</Term>
        </dl>
        <p className="text-sm text-muted">
          {t('payments.trial.minutesHint')} {t('payments.trial.note')}
        </p>
        {failure && (
          <Alert
            tone="error"
            action={
              refusal?.link && (
                <Link to={refusal.link.href} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
                  {t(refusal.link.label)}
                </Link>
              )
            }
          >
            {refusal ? t(refusal.text) : errorMessage(failure)}
          </Alert>
        )}
        <div className="flex flex-wrap gap-3">
          {refusal ? (
            <DialogClose asChild>
              <Button variant="secondary">{t('payments.trial.close')}</Button>
            </DialogClose>
          ) : (
            <>
              <Button loading={start.isPending} onClick={confirm}>
                {t('payments.trial.confirm')}
              </Button>
              <DialogClose asChild>
                <Button variant="secondary">{t('payments.trial.keep')}</Button>
              </DialogClose>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
