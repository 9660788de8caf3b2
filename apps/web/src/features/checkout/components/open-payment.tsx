import type { OpenPayment, Transaction } from '@darsak/domain/payments';
import { Button, buttonClasses, Dialog, DialogClose, FormError, useToast, WarningIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { CancelPaymentDialog } from '../../payments/components/cancel-payment-dialog.tsx';
import { useCancelPayment } from '../../payments/hooks/use-payments.ts';
import { useLastPayment } from '../hooks/use-checkout.ts';

export interface OpenPaymentPanelProps {
  payment: OpenPayment;
  /** The new payment is being sent (after the earlier one was cancelled). */
  busy: boolean;
  /** The earlier payment is cancelled: go on with the payment the student asked for. */
  onCancelled: () => void;
}

/**
 * The checkout answered `payment-in-progress`: the student's earlier payment is still open (one at a time, so two
 * tabs can never both be paid). Shows it, and offers to continue it or to cancel it and go on with this one.
 */
export function OpenPaymentPanel(props: OpenPaymentPanelProps) {
  const { t } = useI18n();
  // the panel replaces the pay button the student just pressed: take the focus there, not back to the page top
  return (
    <OpenPaymentCard
      payment={props.payment}
      title={t('payments.open.title')}
      takeFocus
      action={<CancelAndContinue {...props} />}
    />
  );
}

/** What the checkout shows of an open transaction: the fields `payment-in-progress` names. */
const openPaymentOf = (transaction: Transaction): OpenPayment => ({
  transactionId: transaction.id,
  planId: transaction.planId,
  period: transaction.period,
  weeklyMinutes: transaction.weeklyMinutes,
  method: transaction.method,
  amountPiastres: transaction.amountPiastres,
  referenceNumber: transaction.referenceNumber,
  expiresAt: transaction.expiresAt,
});

/**
 * Before the student chooses a method: their latest payment (`GET /api/v1/tx/last`) when it is still open, to
 * continue (a cash reference already paid at a kiosk, a wallet request on the phone) or to cancel, rather than
 * learn of it only when a new payment is refused. Nothing shows before a first payment or when it cannot load.
 */
export function ResumeLastPayment() {
  const { t } = useI18n();
  const transaction = useLastPayment().data;
  if (transaction?.state !== 'pending') return null;
  return (
    <OpenPaymentCard
      payment={openPaymentOf(transaction)}
      title={t('payments.open.lastTitle')}
      takeFocus={false}
      action={
        transaction.canCancel && (
          <CancelPaymentDialog
            transaction={transaction}
            trigger={<Button variant="secondary">{t('payments.history.cancel')}</Button>}
          />
        )
      }
    />
  );
}

function OpenPaymentCard({
  payment,
  title,
  takeFocus,
  action,
}: {
  payment: OpenPayment;
  title: string;
  takeFocus: boolean;
  action: ReactNode;
}) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  const cash = payment.method === 'cashReference';
  const rows: [string, ReactNode][] = [
    [
      t('payments.open.bought'),
      t('payments.history.item', {
        minutes: format.minutes(payment.weeklyMinutes),
        period: text.period(payment.period),
      }),
    ],
    [t('payments.open.method'), t(`payments.method.${payment.method}`)],
    [t('payments.open.amount'), text.money(payment.amountPiastres)],
  ];
  if (cash && payment.referenceNumber) {
    rows.push([
      t('payments.open.reference'),
      <bdi key="reference" dir="ltr" className="font-mono tracking-wider">
        {payment.referenceNumber}
      </bdi>,
    ]);
  }
  if (cash && payment.expiresAt) rows.push([t('payments.open.payBefore'), format.dateTime(payment.expiresAt)]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <WarningIcon className="mt-1 shrink-0 text-amber-700" />
        <div className="space-y-1">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
            {title}
          </h3>
          <p className="text-sm">{t('payments.open.body')}</p>
        </div>
      </div>
      <dl
        aria-label={t('payments.open.details')}
        className="grid gap-2 rounded-lg bg-surface p-3 text-sm sm:grid-cols-2"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3 sm:flex-col">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link
          to={`${paths.checkout.href(payment.planId, payment.period)}?transactionId=${payment.transactionId}`}
          className={buttonClasses()}
        >
          {t('payments.open.continue')}
        </Link>
        {action}
      </div>
    </section>
  );
}

function CancelAndContinue({ payment, busy, onCancelled }: OpenPaymentPanelProps) {
  const { t } = useI18n();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const cancel = useCancelPayment();
  const amount = text.money(payment.amountPiastres);
  const body =
    payment.method === 'cashReference' && payment.referenceNumber
      ? t('payments.open.cancelBodyCash', { amount, reference: payment.referenceNumber })
      : t('payments.open.cancelBody', { amount });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
      size="sm"
      title={t('payments.open.cancelTitle')}
      description={body}
      trigger={
        <Button variant="secondary" loading={busy}>
          {t('payments.open.cancel')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <FormError message={cancel.error ? errorText(cancel.error) : undefined} />
        <div className="flex flex-wrap gap-3">
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(payment.transactionId, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ type: 'success', title: t('payments.open.cancelled') });
                  onCancelled();
                },
              })
            }
          >
            {t('payments.open.cancelConfirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('payments.open.keep')}</Button>
          </DialogClose>
        </div>
      </div>
    </Dialog>
  );
}
