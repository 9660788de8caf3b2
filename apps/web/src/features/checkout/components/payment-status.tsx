import { type Transaction, TransactionStatus } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { Alert, Button, buttonClasses, CheckIcon, ErrorIcon, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';
import { CancelPaymentDialog } from '../../payments/components/cancel-payment-dialog.tsx';
import { usePaymentWatch } from '../hooks/use-checkout.ts';

function Panel({ children, tone }: { children: React.ReactNode; tone: 'wait' | 'done' | 'fail' }) {
  const ring = { wait: 'border-line', done: 'border-emerald-300', fail: 'border-red-300' }[tone];
  return (
    <section
      aria-live="polite"
      className={`flex flex-col gap-4 rounded-(--radius-card) border ${ring} bg-surface p-5 shadow-(--shadow-card) sm:p-6`}
    >
      {children}
    </section>
  );
}

/** Local mode only: the gateway simulator's page for this order, where a person pays, declines or lets it expire. */
function SimulatorLink({ transaction }: { transaction: Transaction }) {
  const { t } = useI18n();
  const config = usePublicConfig();
  if (config.data?.environment !== 'local') return null;
  return (
    <Alert tone="info">
      {t('payments.checkout.simulator')}{' '}
      <a
        className="font-semibold text-primary-700 underline"
        href={`/dev/gateway/pay/${encodeURIComponent(transaction.merchantRefNum)}`}
        target="_blank"
        rel="noreferrer"
      >
        {t('payments.checkout.simulatorLink')}
      </a>
    </Alert>
  );
}

function CancelPending({ transaction }: { transaction: Transaction }) {
  const { t } = useI18n();
  if (!transaction.canCancel) return null;
  return (
    <CancelPaymentDialog
      transaction={transaction}
      trigger={<Button variant="secondary">{t('payments.status.cancel')}</Button>}
    />
  );
}

function CopyButton({ value }: { value: string }) {
  const { t } = useI18n();
  const { toast } = useToast();
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() =>
        navigator.clipboard
          .writeText(value)
          .then(() => toast({ type: 'success', title: t('payments.cash.copied') }))
          .catch(() => toast({ type: 'warning', title: t('payments.cash.copyFailed') }))
      }
    >
      {t('payments.cash.copy')}
    </Button>
  );
}

function Waiting({ title }: { title: string }) {
  const { t } = useI18n();
  return (
    <div className="flex items-start gap-3">
      <Spinner className="mt-1 size-5 shrink-0 text-primary-600" />
      <div>
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        <p className="text-sm text-muted">{t('payments.status.autoUpdate')}</p>
      </div>
    </div>
  );
}

function CashReference({ transaction }: { transaction: Transaction }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const reference = transaction.referenceNumber ?? '';
  return (
    <>
      <Waiting title={t('payments.cash.waitingTitle')} />
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-accent-400 bg-accent-50 p-5 text-center">
        <p className="text-sm font-semibold text-muted">{t('payments.cash.reference')}</p>
        <p className="font-mono text-3xl font-extrabold tracking-[0.2em] text-ink sm:text-4xl" dir="ltr">
          {reference}
        </p>
        <CopyButton value={reference} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-sm text-muted">{t('payments.cash.amount')}</dt>
          <dd className="text-lg font-bold text-ink">{text.money(transaction.amountPiastres)}</dd>
        </div>
        {transaction.expiresAt && (
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-sm text-muted">{t('payments.cash.expiresAt')}</dt>
            <dd className="text-lg font-bold text-ink">{format.dateTime(transaction.expiresAt)}</dd>
          </div>
        )}
      </dl>
      <div>
        <h3 className="mb-2 font-bold text-ink">{t('payments.cash.howTitle')}</h3>
        <ol className="list-decimal space-y-1.5 ps-5 text-sm text-ink">
          <li>{t('payments.cash.step1')}</li>
          <li>{t('payments.cash.step2', { reference })}</li>
          <li>{t('payments.cash.step3')}</li>
        </ol>
      </div>
    </>
  );
}

export interface PaymentStatusProps {
  transactionId: number;
  plan: Plan;
  /** E-wallet: the QR code the pay call answered with, if any. */
  walletQr?: string | null;
  /** E-wallet: the number the request went to, when this page sent it. */
  walletPhone?: string | null;
  /** Back from the bank: ask the provider once before waiting for the callback. */
  syncFirst?: boolean;
  onRetry: () => void;
}

/** A started payment: waiting (per method), success, or failure with the spec's advice and a retry. */
export function PaymentStatus({ transactionId, plan, walletQr, walletPhone, syncFirst, onRetry }: PaymentStatusProps) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const query = usePaymentWatch(transactionId, { syncFirst });

  if (query.isPending) {
    return (
      <Panel tone="wait">
        <Waiting title={t('payments.status.checking')} />
      </Panel>
    );
  }
  if (query.isError) {
    return (
      <Panel tone="fail">
        <p role="alert" className="text-red-800">
          {t('payments.status.loadError')}
        </p>
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Panel>
    );
  }
  const transaction = query.data;

  if (transaction.state === 'done') {
    return (
      <Panel tone="done">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <CheckIcon />
          </span>
          <div className="space-y-1">
            <h2 className="text-xl font-bold text-ink">{t('payments.success.title')}</h2>
            <p className="text-muted">
              {t('payments.success.body', {
                minutes: format.minutes(plan.weeklyMinutes),
                period: text.period(transaction.period),
              })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.studentDashboard.href()} className={buttonClasses()}>
            {t('payments.success.dashboard')}
          </Link>
          <Link to={paths.tutors.href()} className={buttonClasses({ variant: 'secondary' })}>
            {t('payments.success.tutors')}
          </Link>
          <Link to={paths.payment.href(transaction.id)} className={buttonClasses({ variant: 'ghost' })}>
            {t('payments.detail.open')}
          </Link>
        </div>
      </Panel>
    );
  }

  if (transaction.state === 'failed' || transaction.state === 'cancelled') {
    const reason =
      transaction.status === TransactionStatus.expired
        ? t('payments.failure.expired')
        : transaction.state === 'cancelled'
          ? t('payments.failure.cancelled')
          : t('payments.failure.advice');
    return (
      <Panel tone="fail">
        <div className="flex items-start gap-3" role="alert">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
            <ErrorIcon />
          </span>
          <div className="space-y-1">
            <h2 className="text-xl font-bold text-ink">{t('payments.failure.title')}</h2>
            <p className="text-muted">{reason}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onRetry}>{t('payments.failure.retry')}</Button>
          <Link to={paths.payment.href(transaction.id)} className={buttonClasses({ variant: 'secondary' })}>
            {t('payments.detail.open')}
          </Link>
          <Link to={paths.payments.href()} className={buttonClasses({ variant: 'ghost' })}>
            {t('payments.failure.history')}
          </Link>
        </div>
      </Panel>
    );
  }

  return (
    <Panel tone="wait">
      {transaction.method === 'cashReference' ? (
        <CashReference transaction={transaction} />
      ) : transaction.method === 'eWallet' ? (
        <>
          <Waiting title={t('payments.wallet.waitingTitle')} />
          {walletPhone && (
            <p className="text-ink">
              {t('payments.wallet.sentTo')}{' '}
              <bdi className="font-bold" dir="ltr">
                {walletPhone}
              </bdi>
            </p>
          )}
          <p className="text-ink">
            {t('payments.wallet.waitingBody', {
              amount: text.money(transaction.amountPiastres),
              date: transaction.expiresAt ? format.dateTime(transaction.expiresAt) : '',
            })}
          </p>
          {walletQr && (
            <figure className="flex flex-col items-center gap-2">
              <img src={walletQr} alt={t('payments.wallet.qr')} className="size-48 rounded-xl border border-line" />
              <figcaption className="text-sm text-muted">{t('payments.wallet.qr')}</figcaption>
            </figure>
          )}
        </>
      ) : (
        <>
          <Waiting title={t('payments.status.pendingTitle')} />
          <p className="text-muted">{t('payments.status.pendingBody')}</p>
        </>
      )}
      <SimulatorLink transaction={transaction} />
      <div className="flex flex-wrap gap-3">
        <Button variant="ghost" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('payments.status.refresh')}
        </Button>
        <CancelPending transaction={transaction} />
        <Link to={paths.payment.href(transaction.id)} className={buttonClasses({ variant: 'ghost' })}>
          {t('payments.detail.open')}
        </Link>
      </div>
    </Panel>
  );
}
