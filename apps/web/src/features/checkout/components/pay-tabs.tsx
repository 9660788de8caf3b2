import { fieldErrorsOf } from '@darsak/client';
import type { PaymentResult } from '@darsak/domain/payments';
import { installmentSchedule, type Plan } from '@darsak/domain/plans';
import { egyptianMobileOf } from '@darsak/domain/users';
import { Alert, Button, cn, Form, FormError, TextField } from '@darsak/ui';
import { useI18n, useT } from '@darsak/ui/i18n';
import { useId, useRef, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { browser } from '../hooks/checkout-attempt.ts';
import { type CheckoutTarget, openPaymentOf, type PayRequest, usePay } from '../hooks/use-checkout.ts';
import { CardFields, useCardChoice } from './card-fields.tsx';
import { OpenPaymentPanel } from './open-payment.tsx';

export interface PayTabProps {
  target: CheckoutTarget;
  amountPiastres: number;
  disabled: boolean;
  /** The payment was created without a redirect: show its status. */
  onStarted: (result: PaymentResult, walletPhone?: string) => void;
}

/**
 * Sends one pay request; a redirect (3-D Secure) leaves for the bank, anything else shows the status. The last
 * request is kept so that, once the student cancelled the payment that was still open, it can go ahead.
 */
function usePayFlow({ target, onStarted }: Pick<PayTabProps, 'target' | 'onStarted'>) {
  const pay = usePay(target);
  const [redirecting, setRedirecting] = useState(false);
  const last = useRef<PayRequest | null>(null);
  const send = (request: PayRequest) => {
    last.current = request;
    pay.mutate(request, {
      onSuccess: (result) => {
        if (result.redirectUrl && result.transaction.state === 'pending') {
          setRedirecting(true);
          browser.go(result.redirectUrl);
        } else onStarted(result, request.method === 'eWallet' ? request.walletPhone : undefined);
      },
    });
  };
  const resend = () => {
    if (last.current) send(last.current);
  };
  return { pay, send, resend, busy: pay.isPending || redirecting, redirecting };
}

type PayFlow = ReturnType<typeof usePayFlow>;

/** The refusal of the last pay request: another payment still open gets its own panel, the rest a message. */
function PayError({ flow }: { flow: PayFlow }) {
  const errorText = useErrorText();
  const { fieldMessage } = useI18n();
  const { error } = flow.pay;
  if (!error) return null;
  const open = openPaymentOf(error);
  if (open) return <OpenPaymentPanel payment={open} busy={flow.busy} onCancelled={flow.resend} />;
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return <FormError message={fields.length > 0 ? (fieldMessage(fields[0]) ?? errorText(error)) : errorText(error)} />;
}

/** Which providers take payments now (public configuration `paymentProviders`). */
export interface PaymentProviders {
  fawry: boolean;
  paymob: boolean;
}

/**
 * The card tab: a saved card through Fawry (3-D Secure), and where Paymob takes payments, its hosted page for a
 * card entered once and not saved (no card to add first). Fawry's way stays unless Paymob alone takes payments.
 */
export function CardPayTab({ providers, ...props }: PayTabProps & { providers: PaymentProviders }) {
  const t = useT();
  const savedCards = providers.fawry || !providers.paymob;
  return (
    <div className="flex flex-col gap-5">
      {savedCards && <SavedCardPay {...props} />}
      {savedCards && providers.paymob && (
        <div aria-hidden="true" className="flex items-center gap-3 text-sm font-semibold text-muted">
          <span className="h-px flex-1 bg-line" />
          {t('payments.paymob.or')}
          <span className="h-px flex-1 bg-line" />
        </div>
      )}
      {providers.paymob && <PaymobPay {...props} primary={!savedCards} />}
    </div>
  );
}

function SavedCardPay({ target, amountPiastres, disabled, onStarted }: PayTabProps) {
  const t = useT();
  const text = usePaymentsText();
  const choice = useCardChoice();
  const flow = usePayFlow({ target, onStarted });
  return (
    <Form
      aria-label={t('payments.card.tab')}
      onSubmit={(event) => {
        event.preventDefault();
        const card = choice.validate();
        if (card) flow.send({ method: 'card', ...card });
      }}
    >
      <PayError flow={flow} />
      <CardFields choice={choice} disabled={disabled || flow.busy} />
      {choice.hasCards && (
        <>
          <p className="text-sm text-muted">{t('payments.card.threeDs')}</p>
          <Button type="submit" size="lg" block loading={flow.busy} disabled={disabled}>
            {flow.redirecting
              ? t('payments.card.redirecting')
              : t('payments.card.pay', { amount: text.money(amountPiastres) })}
          </Button>
        </>
      )}
    </Form>
  );
}

/** Paymob's hosted checkout: the student leaves for its page, pays there and comes back to the status. */
function PaymobPay({ target, amountPiastres, disabled, onStarted, primary }: PayTabProps & { primary: boolean }) {
  const t = useT();
  const text = usePaymentsText();
  const flow = usePayFlow({ target, onStarted });
  const heading = useId();
  return (
    <Form
      aria-labelledby={heading}
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ method: 'paymob' });
      }}
    >
      <div className="space-y-1">
        <h3 id={heading} className="font-bold text-ink">
          {t('payments.paymob.title')}
        </h3>
        <p className="text-sm text-muted">{t('payments.paymob.intro')}</p>
      </div>
      <PayError flow={flow} />
      <Button
        type="submit"
        size="lg"
        block
        variant={primary ? 'primary' : 'secondary'}
        loading={flow.busy}
        disabled={disabled}
      >
        {flow.redirecting
          ? t('payments.paymob.redirecting')
          : t('payments.paymob.pay', { amount: text.money(amountPiastres) })}
      </Button>
    </Form>
  );
}

export function InstallmentPayTab({ plan, ...props }: PayTabProps & { plan: Plan }) {
  const { t, format } = useI18n();
  const text = usePaymentsText();
  const { target, amountPiastres, disabled, onStarted } = props;
  const options = plan.prices[target.period].installmentOptions;
  const [count, setCount] = useState<number>(options.at(-1) ?? 2);
  const choice = useCardChoice();
  const flow = usePayFlow({ target, onStarted });
  const name = useId();

  if (options.length === 0) return <Alert tone="info">{t('payments.installments.unavailable')}</Alert>;
  const schedule = installmentSchedule(amountPiastres, count);
  return (
    <Form
      aria-label={t('payments.installments.tab')}
      onSubmit={(event) => {
        event.preventDefault();
        const card = choice.validate();
        if (card) flow.send({ method: 'bankInstallment', ...card, installments: count });
      }}
    >
      <p className="text-sm text-muted">{t('payments.installments.intro')}</p>
      <PayError flow={flow} />
      <fieldset className="flex flex-col gap-2" disabled={disabled || flow.busy}>
        <legend className="mb-2 text-sm font-semibold text-ink">{t('payments.installments.count')}</legend>
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3.5',
              'has-checked:border-primary-500 has-checked:bg-primary-50',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={count === option}
              onChange={() => setCount(option)}
              className="size-4 accent-primary-600"
            />
            <span className="font-semibold text-ink">
              {t('payments.installments.option', {
                count: text.count('payments.count.installments', option),
                amount: text.money(installmentSchedule(amountPiastres, option)[0] ?? 0),
              })}
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink">{t('payments.installments.schedule')}</h3>
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {schedule.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional
            <li key={index} className="flex justify-between gap-3 rounded-lg bg-stone-50 px-3 py-2">
              <span className="text-muted">{t('payments.installments.part', { index: format.number(index + 1) })}</span>
              <span className="font-semibold text-ink">{text.money(part)}</span>
            </li>
          ))}
        </ol>
      </div>
      <CardFields choice={choice} disabled={disabled || flow.busy} />
      {choice.hasCards && (
        <Button type="submit" size="lg" block loading={flow.busy} disabled={disabled}>
          {t('payments.installments.pay', { amount: text.money(amountPiastres) })}
        </Button>
      )}
    </Form>
  );
}

export function WalletPayTab({ defaultPhone, ...props }: PayTabProps & { defaultPhone: string | null }) {
  const { t, fieldMessage } = useI18n();
  const { target, disabled, onStarted } = props;
  const [phone, setPhone] = useState(defaultPhone ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const flow = usePayFlow({ target, onStarted });
  const serverPhoneError = fieldErrorsOf(flow.pay.error).walletPhone?.[0];
  return (
    <Form
      aria-label={t('payments.wallet.tab')}
      onSubmit={(event) => {
        event.preventDefault();
        const walletPhone = egyptianMobileOf(phone);
        if (!walletPhone) {
          setPhoneError('phone-invalid');
          return;
        }
        flow.send({ method: 'eWallet', walletPhone });
      }}
    >
      <p className="text-sm text-muted">{t('payments.wallet.intro')}</p>
      {!serverPhoneError && <PayError flow={flow} />}
      <TextField
        label={t('payments.wallet.phone')}
        hint={t('payments.wallet.phoneHint')}
        error={fieldMessage(phoneError ?? serverPhoneError)}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        required
        className="max-w-72"
        value={phone}
        disabled={disabled || flow.busy}
        onChange={(event) => {
          setPhone(event.target.value);
          setPhoneError(undefined);
        }}
      />
      <Button type="submit" size="lg" block loading={flow.busy} disabled={disabled}>
        {t('payments.wallet.send')}
      </Button>
    </Form>
  );
}

export function CashPayTab({ target, disabled, onStarted }: PayTabProps) {
  const t = useT();
  const flow = usePayFlow({ target, onStarted });
  return (
    <Form
      aria-label={t('payments.cash.tab')}
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ method: 'cashReference' });
      }}
    >
      <p className="text-sm text-muted">{t('payments.cash.intro')}</p>
      <PayError flow={flow} />
      <Button type="submit" size="lg" block loading={flow.busy} disabled={disabled}>
        {t('payments.cash.get')}
      </Button>
    </Form>
  );
}
