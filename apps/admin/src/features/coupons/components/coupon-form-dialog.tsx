import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { type Coupon, CouponInput, couponStatusChoices } from '@darsak/domain/plans';
import { Button, Fieldset, Form, FormActions, FormError, SelectField, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { egpToPiastres, usePlanText } from '../../../lib/plan-text.ts';
import { useAllPlans, useSaveCoupon } from '../hooks/use-coupons.ts';

/** What a person types: pounds, a percent, a calendar day for the expiry. */
interface Values {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  amount: string;
  max: string;
  planId: string;
  expiresOn: string;
  usageLimit: string;
  status: string;
}

type FieldName = keyof Values;
/** Where the contract's field errors go in this form. */
const FIELD_OF: Record<string, FieldName> = {
  code: 'code',
  discountPercent: 'percent',
  discountPiastres: 'amount',
  maxDiscountPiastres: 'max',
  planId: 'planId',
  expiresAt: 'expiresOn',
  usageLimit: 'usageLimit',
  status: 'status',
};

const cairoDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

const valuesOf = (coupon: Coupon | null): Values => ({
  code: coupon?.code ?? '',
  kind: coupon?.discountPiastres != null ? 'amount' : 'percent',
  percent: coupon?.discountPercent != null ? String(coupon.discountPercent) : '',
  amount: coupon?.discountPiastres != null ? String(coupon.discountPiastres / 100) : '',
  max: coupon?.maxDiscountPiastres != null ? String(coupon.maxDiscountPiastres / 100) : '',
  planId: coupon?.planId != null ? String(coupon.planId) : '',
  expiresOn: coupon?.expiresAt ? cairoDay(coupon.expiresAt) : '',
  usageLimit: coupon?.usageLimit != null ? String(coupon.usageLimit) : '',
  status: String(coupon?.status ?? 3),
});

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The form as the contract's CouponInput; an expiry day lasts until its end, on the admin's clock. */
function toInput(values: Values): unknown {
  const percent = values.kind === 'percent';
  const amount = numberOrNull(values.amount);
  const max = numberOrNull(values.max);
  return {
    code: values.code.trim(),
    discountPercent: percent ? numberOrNull(values.percent) : null,
    discountPiastres: !percent && amount !== null ? egpToPiastres(amount) : null,
    maxDiscountPiastres: percent && max !== null ? egpToPiastres(max) : null,
    planId: numberOrNull(values.planId),
    expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : null,
    usageLimit: numberOrNull(values.usageLimit),
    status: Number(values.status),
  };
}

function CouponFormBody({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const text = usePlanText();
  const { toast } = useToast();
  const plans = useAllPlans();
  const save = useSaveCoupon();
  const [values, setValues] = useState<Values>(() => valuesOf(coupon));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const err = (name: FieldName) => fieldMessage(errors[name]);

  const place = (fields: Record<string, string[] | string | undefined>) => {
    const next: Partial<Record<FieldName, string>> = {};
    for (const [field, messages] of Object.entries(fields)) {
      const name = FIELD_OF[field];
      const message = Array.isArray(messages) ? messages[0] : messages;
      if (name && message) next[name] ??= message;
    }
    setErrors(next);
    return Object.keys(next).length > 0;
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CouponInput.safeParse(toInput(values));
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'code');
        fields[key] = [...(fields[key] ?? []), issue.message];
      }
      // a missing discount is reported on the field the admin is filling
      if (fields.discountPercent && values.kind === 'amount') fields.discountPiastres = fields.discountPercent;
      place(fields);
      return;
    }
    save.mutate(
      { id: coupon?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast({ type: 'success', title: t('payments.admin.coupons.saved') });
          onDone();
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'coupon-exists') setErrors({ code: 'coupon-exists' });
          else place(fieldErrorsOf(error));
        },
      },
    );
  };

  const serverError =
    save.error && errorCodeOf(save.error) !== 'coupon-exists' && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? errorMessage(errorCodeOf(save.error))
      : undefined;

  return (
    <Form onSubmit={onSubmit}>
      <FormError message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('payments.admin.coupons.code')}
          dir="ltr"
          required
          autoCapitalize="characters"
          value={values.code}
          onChange={set('code')}
          error={err('code')}
        />
        <SelectField
          label={t('payments.admin.coupons.status')}
          placeholder={false}
          value={values.status}
          onChange={set('status')}
          options={couponStatusChoices(coupon?.status ?? null).map((status) => ({
            value: String(status),
            label: t(`payments.admin.coupons.status.${status}`),
          }))}
        />
      </div>
      <Fieldset legend={t('payments.admin.coupons.kind')}>
        <div className="flex flex-wrap gap-4">
          {(['percent', 'amount'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="coupon-kind"
                value={kind}
                checked={values.kind === kind}
                onChange={set('kind')}
                className="size-4 accent-primary-600"
              />
              {t(`payments.admin.coupons.kind.${kind}`)}
            </label>
          ))}
        </div>
      </Fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {values.kind === 'percent' ? (
          <>
            <TextField
              label={t('payments.admin.coupons.percent')}
              type="number"
              inputMode="numeric"
              required
              value={values.percent}
              onChange={set('percent')}
              error={err('percent')}
            />
            <TextField
              label={t('payments.admin.coupons.max')}
              hint={t('payments.admin.coupons.maxHint')}
              type="number"
              inputMode="decimal"
              value={values.max}
              onChange={set('max')}
              error={err('max')}
            />
          </>
        ) : (
          <TextField
            label={t('payments.admin.coupons.amount')}
            type="number"
            inputMode="decimal"
            required
            value={values.amount}
            onChange={set('amount')}
            error={err('amount')}
          />
        )}
        <SelectField
          label={t('payments.admin.coupons.plan')}
          placeholder={false}
          value={values.planId}
          onChange={set('planId')}
          error={err('planId')}
          options={[
            { value: '', label: t('payments.admin.coupons.anyPlan') },
            ...(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: text.planName(plan) })),
          ]}
        />
        <TextField
          label={t('payments.admin.coupons.expiresAt')}
          hint={t('payments.admin.coupons.expiresHint')}
          type="date"
          value={values.expiresOn}
          onChange={set('expiresOn')}
          error={err('expiresOn')}
        />
        <TextField
          label={t('payments.admin.coupons.usageLimit')}
          hint={t('payments.admin.coupons.usageHint')}
          type="number"
          inputMode="numeric"
          value={values.usageLimit}
          onChange={set('usageLimit')}
          error={err('usageLimit')}
        />
      </div>
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** Create or edit a coupon: code, percentage (with a cap) or fixed amount, plan, expiry, usage limit, status. */
export function CouponFormDialog({ coupon, trigger }: { coupon: Coupon | null; trigger: ReactNode }) {
  const { t } = useI18n();
  return (
    <FormDialog
      title={coupon ? t('payments.admin.coupons.edit') : t('payments.admin.coupons.new')}
      trigger={trigger}
      form={(close) => <CouponFormBody coupon={coupon} onDone={close} />}
    />
  );
}
