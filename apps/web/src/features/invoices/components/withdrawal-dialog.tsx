import { fieldErrorsOf } from '@darsak/client';
import { piastresToEgp } from '@darsak/domain/common';
import {
  type Balance,
  expectedPayoutWindow,
  type Invoice,
  reservedByInvoice,
  WithdrawalAmount,
  type WithdrawMethodItem,
  withdrawalWithinLimits,
  withdrawDestination,
} from '@darsak/domain/invoices';
import { Alert, Button, Dialog, Form, FormActions, FormError, SelectField, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useEditWithdrawal, useRequestWithdrawal } from '../hooks/use-invoices.ts';

interface WithdrawalDialogProps {
  methods: WithdrawMethodItem[];
  availablePiastres: number;
  /** The least and the most one withdrawal may be now. */
  limits: Balance['limits'];
  /** The pending request to edit; a new request otherwise. */
  invoice?: Invoice;
  trigger: ReactNode;
}

/**
 * Request a withdrawal (or propose an edit of a pending one, which an admin approves): the amount in EGP within the
 * limits in force and the available balance (a request being edited counts what it holds as available), the
 * method, and when it should arrive. An edit starts from the proposal still waiting, if any.
 */
export function WithdrawalDialog({ methods, availablePiastres, limits, invoice, trigger }: WithdrawalDialogProps) {
  const { t, format, fieldMessage, errorMessage } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const create = useRequestWithdrawal();
  const edit = useEditWithdrawal();
  const mutation = invoice ? edit : create;
  const defaultMethod = methods.find((m) => m.isDefault) ?? methods[0];
  const requested = invoice?.pendingUpdate ?? invoice;
  const initialMethod = requested?.withdrawMethodId ?? defaultMethod?.id;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [methodId, setMethodId] = useState(initialMethod);
  const [amountError, setAmountError] = useState<string>();
  const available = availablePiastres + (invoice ? reservedByInvoice(invoice) : 0);
  const payout = expectedPayoutWindow(new Date());

  function reset(next: boolean) {
    setOpen(next);
    if (next) {
      setAmount(requested ? String(piastresToEgp(requested.amountPiastres)) : '');
      setMethodId(initialMethod);
      setAmountError(undefined);
      create.reset();
      edit.reset();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = WithdrawalAmount.safeParse(amount.trim() === '' ? Number.NaN : Number(amount));
    if (!parsed.success) return setAmountError(parsed.error.issues[0]?.message ?? 'invalid');
    const piastres = Math.round(parsed.data * 100);
    if (!withdrawalWithinLimits(piastres, limits)) return setAmountError('withdraw-amount-outside-limits');
    if (piastres > available) return setAmountError('not-enough-balance');
    if (methodId === undefined) return;
    setAmountError(undefined);
    const done = {
      onSuccess: () => {
        setOpen(false);
        toast({ type: 'success', title: t(invoice ? 'invoices.requests.updated' : 'invoices.requests.sent') });
      },
      onError: (error: unknown) => setAmountError(fieldErrorsOf(error).amount?.[0]),
    };
    if (invoice) edit.mutate({ id: invoice.id, body: { amount: parsed.data, withdrawMethodId: methodId } }, done);
    else create.mutate({ amount: parsed.data, withdrawMethodId: methodId }, done);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title={t(invoice ? 'invoices.requests.editTitle' : 'invoices.requests.formTitle')}
      trigger={trigger}
    >
      <Form onSubmit={submit}>
        <TextField
          label={t('invoices.requests.amount')}
          hint={t('invoices.requests.amountHint', {
            min: format.piastres(limits.withdrawalMinPiastres),
            max: format.piastres(limits.withdrawalMaxPiastres),
            available: format.piastres(available),
          })}
          inputMode="decimal"
          dir="ltr"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError(undefined);
          }}
          error={
            amountError === 'not-enough-balance' || amountError === 'withdraw-amount-outside-limits'
              ? errorMessage(amountError)
              : fieldMessage(amountError)
          }
          required
        />
        <SelectField
          label={t('invoices.requests.method')}
          value={methodId ?? ''}
          onChange={(event) => setMethodId(Number(event.target.value))}
          options={methods.map((m) => ({
            value: m.id,
            label: `${t(`invoices.method.${m.method}`)} — ${withdrawDestination(m)}`,
          }))}
          placeholder={false}
          required
        />
        {invoice && <Alert tone="warning">{t('invoices.requests.editNeedsApproval')}</Alert>}
        <Alert tone="info">
          {t('invoices.requests.processing', {
            from: format.date(`${payout.from}T12:00:00Z`),
            to: format.date(`${payout.to}T12:00:00Z`),
          })}
        </Alert>
        <FormError
          message={
            mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0
              ? errorText(mutation.error)
              : undefined
          }
        />
        <FormActions>
          <Button type="submit" loading={mutation.isPending}>
            {t(invoice ? 'invoices.requests.saveEdit' : 'invoices.requests.submit')}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
