import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { MAX_INSTALLMENTS, type Plan, PlanPatch } from '@darsak/domain/plans';
import { Button, ChipCheckbox, Form, FormActions, FormError, SelectField, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { egpToPiastres } from '../../../lib/plan-text.ts';
import { useSavePlan } from '../hooks/use-admin-plans.ts';

const Percent = z
  .number('plan-discount-range')
  .int('plan-discount-range')
  .min(0, 'plan-discount-range')
  .max(100, 'plan-discount-range');
const OptionalName = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length >= 2 && v.length <= 60), 'name-length');

/** The form in the units a person types (pounds, percent); turned into the contract's input on submit. */
const PlanForm = z.object({
  nameAr: OptionalName,
  nameEn: OptionalName,
  weeklyMinutes: z
    .number('plan-weekly-minutes-range')
    .int('plan-weekly-minutes-range')
    .min(1, 'plan-weekly-minutes-range')
    .max(10_080, 'plan-weekly-minutes-range'),
  basePriceEgp: z.number('plan-price-range').min(0, 'plan-price-range').max(1_000_000, 'plan-price-range'),
  monthDiscountPercent: Percent,
  quarterDiscountPercent: Percent,
  yearDiscountPercent: Percent,
  installments: z.number('invalid').int('invalid').min(1, 'invalid').max(MAX_INSTALLMENTS, 'invalid'),
  state: z.enum(['active', 'inactive']),
  forInvitesOnly: z.boolean(),
});
type PlanFormValues = z.infer<typeof PlanForm>;

const FIELD_OF: Record<string, Path<PlanFormValues>> = { baseMonthPricePiastres: 'basePriceEgp' };

const defaultsOf = (plan: Plan | null): PlanFormValues => ({
  nameAr: plan?.nameAr ?? '',
  nameEn: plan?.nameEn ?? '',
  weeklyMinutes: plan?.weeklyMinutes ?? 120,
  basePriceEgp: plan ? plan.baseMonthPricePiastres / 100 : 0,
  monthDiscountPercent: plan?.monthDiscountPercent ?? 0,
  quarterDiscountPercent: plan?.quarterDiscountPercent ?? 10,
  yearDiscountPercent: plan?.yearDiscountPercent ?? 20,
  installments: plan?.installments ?? 1,
  state: plan?.state ?? 'active',
  forInvitesOnly: plan?.forInvitesOnly ?? false,
});

function PlanFormBody({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const { toast } = useToast();
  const save = useSavePlan();
  const form = useForm<PlanFormValues>({ resolver: zodResolver(PlanForm), defaultValues: defaultsOf(plan) });
  const { errors } = form.formState;
  const err = (name: keyof PlanFormValues) => fieldMessage(errors[name]?.message);
  const number = { valueAsNumber: true } as const;

  const onSubmit = form.handleSubmit((values) => {
    const fields = {
      nameAr: values.nameAr || null,
      nameEn: values.nameEn || null,
      weeklyMinutes: values.weeklyMinutes,
      baseMonthPricePiastres: egpToPiastres(values.basePriceEgp),
      monthDiscountPercent: values.monthDiscountPercent,
      quarterDiscountPercent: values.quarterDiscountPercent,
      yearDiscountPercent: values.yearDiscountPercent,
      installments: values.installments,
      state: values.state,
      forInvitesOnly: values.forInvitesOnly,
    };
    const patch = PlanPatch.parse(fields);
    save.mutate(plan ? { id: plan.id, patch } : { id: null, create: { ...patch, ...fields } }, {
      onSuccess: () => {
        toast({ type: 'success', title: t('payments.admin.plans.saved') });
        onDone();
      },
      onError: (error) => {
        for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
          const name = FIELD_OF[field] ?? (field in values ? (field as Path<PlanFormValues>) : null);
          if (name && messages[0]) form.setError(name, { type: 'server', message: messages[0] });
        }
      },
    });
  });

  return (
    <Form onSubmit={onSubmit}>
      <FormError
        message={
          save.error && Object.keys(fieldErrorsOf(save.error)).length === 0
            ? errorMessage(errorCodeOf(save.error))
            : undefined
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('payments.admin.plans.nameAr')} error={err('nameAr')} {...form.register('nameAr')} />
        <TextField
          label={t('payments.admin.plans.nameEn')}
          dir="ltr"
          error={err('nameEn')}
          {...form.register('nameEn')}
        />
        <TextField
          label={t('payments.admin.plans.weeklyMinutes')}
          type="number"
          inputMode="numeric"
          required
          error={err('weeklyMinutes')}
          {...form.register('weeklyMinutes', number)}
        />
        <TextField
          label={t('payments.admin.plans.basePrice')}
          type="number"
          inputMode="decimal"
          step="0.01"
          required
          error={err('basePriceEgp')}
          {...form.register('basePriceEgp', number)}
        />
        <TextField
          label={t('payments.admin.plans.monthDiscount')}
          type="number"
          inputMode="numeric"
          error={err('monthDiscountPercent')}
          {...form.register('monthDiscountPercent', number)}
        />
        <TextField
          label={t('payments.admin.plans.quarterDiscount')}
          type="number"
          inputMode="numeric"
          error={err('quarterDiscountPercent')}
          {...form.register('quarterDiscountPercent', number)}
        />
        <TextField
          label={t('payments.admin.plans.yearDiscount')}
          type="number"
          inputMode="numeric"
          error={err('yearDiscountPercent')}
          {...form.register('yearDiscountPercent', number)}
        />
        <TextField
          label={t('payments.admin.plans.installments')}
          hint={t('payments.admin.plans.installmentsHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_INSTALLMENTS}
          error={err('installments')}
          {...form.register('installments', number)}
        />
        <SelectField
          label={t('payments.admin.plans.state')}
          placeholder={false}
          options={[
            { value: 'active', label: t('payments.admin.plans.state.active') },
            { value: 'inactive', label: t('payments.admin.plans.state.inactive') },
          ]}
          {...form.register('state')}
        />
        <div className="flex flex-col gap-1.5 self-end">
          <ChipCheckbox label={t('payments.admin.plans.invitesOnly')} {...form.register('forInvitesOnly')} />
          <p className="text-sm text-muted">{t('payments.admin.plans.invitesOnlyHint')}</p>
        </div>
      </div>
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** Create or edit a plan: weekly minutes, base month price, period discounts, instalments, state, invites-only. */
export function PlanFormDialog({ plan, trigger }: { plan: Plan | null; trigger: ReactNode }) {
  const { t } = useI18n();
  return (
    <FormDialog
      title={plan ? t('payments.admin.plans.edit') : t('payments.admin.plans.new')}
      trigger={trigger}
      form={(close) => <PlanFormBody plan={plan} onDone={close} />}
    />
  );
}
