import { fieldErrorsOf } from '@darsak/client';
import {
  BANKS,
  WITHDRAW_METHOD_FIELDS,
  WithdrawMethod,
  WithdrawMethodInput,
  type WithdrawMethodItem,
} from '@darsak/domain/invoices';
import {
  Button,
  ChipCheckbox,
  Dialog,
  Form,
  FormActions,
  FormError,
  SelectField,
  TextField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useSaveMethod } from '../hooks/use-invoices.ts';

type Fields = { phone: string; bank: string; accountNumber: string; receiverName: string; instapayAddress: string };
const EMPTY: Fields = { phone: '', bank: '', accountNumber: '', receiverName: '', instapayAddress: '' };

const fieldsOf = (method?: WithdrawMethodItem): Fields => ({
  phone: method?.phone ?? '',
  bank: method?.bank ?? '',
  accountNumber: method?.accountNumber ?? '',
  receiverName: method?.receiverName ?? '',
  instapayAddress: method?.instapayAddress ?? '',
});

/** Add or edit a withdraw method: the chosen method shows only its own fields (spec §5). */
export function MethodFormDialog({ method, trigger }: { method?: WithdrawMethodItem; trigger: ReactNode }) {
  const { t, fieldMessage, locale } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const save = useSaveMethod();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<WithdrawMethod>(method?.method ?? WithdrawMethod.instapay);
  const [fields, setFields] = useState<Fields>(fieldsOf(method));
  const [isDefault, setIsDefault] = useState(method?.isDefault ?? false);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});

  function reset(next: boolean) {
    setOpen(next);
    if (next) {
      setKind(method?.method ?? WithdrawMethod.instapay);
      setFields(method ? fieldsOf(method) : EMPTY);
      setIsDefault(method?.isDefault ?? false);
      setErrors({});
      save.reset();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const own = WITHDRAW_METHOD_FIELDS[kind];
    const body = Object.fromEntries(own.map((key) => [key, fields[key].trim()]).filter(([, value]) => value !== ''));
    const parsed = WithdrawMethodInput.safeParse({ method: kind, ...body, isDefault });
    const missing = own.filter((key) => !body[key]);
    const found: Partial<Record<keyof Fields, string>> = Object.fromEntries(missing.map((key) => [key, 'required']));
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as keyof Fields] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(
      { ...(method ? { id: method.id } : {}), body: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ type: 'success', title: t('invoices.methods.saved') });
        },
        onError: (error) => {
          const byField = fieldErrorsOf(error);
          setErrors(Object.fromEntries(Object.entries(byField).map(([key, [message]]) => [key, message ?? ''])));
        },
      },
    );
  }

  const field = (key: keyof Fields) => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value }),
    error: fieldMessage(errors[key]),
    required: true,
  });

  return (
    <Dialog open={open} onOpenChange={reset} title={t('invoices.methods.formTitle')} trigger={trigger}>
      <Form onSubmit={submit} noValidate>
        <SelectField
          label={t('invoices.methods.kind')}
          value={kind}
          onChange={(event) => setKind(Number(event.target.value) as WithdrawMethod)}
          options={Object.values(WithdrawMethod).map((value) => ({ value, label: t(`invoices.method.${value}`) }))}
          placeholder={false}
        />
        {kind === WithdrawMethod.wallet && (
          <TextField
            {...field('phone')}
            label={t('invoices.field.phone')}
            hint={t('invoices.field.phoneHint')}
            inputMode="tel"
            dir="ltr"
            autoComplete="tel"
          />
        )}
        {kind === WithdrawMethod.bank && (
          <>
            <SelectField
              {...field('bank')}
              label={t('invoices.field.bank')}
              onChange={(event) => setFields({ ...fields, bank: event.target.value })}
              options={BANKS.map((bank) => ({ value: bank.code, label: locale === 'ar' ? bank.ar : bank.en }))}
            />
            <TextField {...field('accountNumber')} label={t('invoices.field.accountNumber')} dir="ltr" />
            <TextField {...field('receiverName')} label={t('invoices.field.receiverName')} autoComplete="name" />
          </>
        )}
        {kind === WithdrawMethod.instapay && (
          <TextField
            {...field('instapayAddress')}
            label={t('invoices.field.instapayAddress')}
            hint={t('invoices.field.instapayHint')}
            dir="ltr"
          />
        )}
        <ChipCheckbox
          label={t('invoices.methods.makeDefault')}
          checked={isDefault}
          onChange={(event) => setIsDefault(event.target.checked)}
        />
        <FormError
          message={
            save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 ? errorText(save.error) : undefined
          }
        />
        <FormActions>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
