import { errorCodeOf } from '@darsak/client';
import type { Plan, PlanState } from '@darsak/domain/plans';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  SelectField,
  Spinner,
  Table,
  type TableColumn,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { usePlanText } from '../../../lib/plan-text.ts';
import { useAdminPlans, useRemovePlan } from '../hooks/use-admin-plans.ts';
import { PlanFormDialog } from './plan-form-dialog.tsx';

function RemovePlan({ plan, name }: { plan: Plan; name: string }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const remove = useRemovePlan();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={t('payments.admin.plans.delete', { name })}>
          {t('payments.admin.plans.deleteConfirm')}
        </Button>
      }
      title={t('payments.admin.plans.deleteTitle')}
      description={t('payments.admin.plans.deleteBody')}
      confirm={t('payments.admin.plans.deleteConfirm')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(plan.id).then(
          ({ outcome }) =>
            toast({
              type: 'success',
              title: outcome === 'deleted' ? t('payments.admin.plans.deleted') : t('payments.admin.plans.deactivated'),
            }),
          (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) }),
        )
      }
    />
  );
}

/** Every plan with its prices, state and actions (create, edit, delete or deactivate). */
export function PlansTable() {
  const { t, format } = useI18n();
  const text = usePlanText();
  const [state, setState] = useState<PlanState | ''>('');
  const plans = useAdminPlans(state || undefined);

  const columns: TableColumn<Plan>[] = [
    {
      key: 'name',
      header: t('payments.admin.plans.name'),
      cell: (plan) => (
        <div className="flex flex-col gap-1">
          <span className="font-semibold text-ink">{text.planName(plan)}</span>
          {plan.forInvitesOnly && <Badge tone="accent">{t('payments.admin.plans.invitesOnly')}</Badge>}
        </div>
      ),
    },
    {
      key: 'minutes',
      header: t('payments.admin.plans.weeklyMinutes'),
      cell: (plan) => format.minutes(plan.weeklyMinutes),
    },
    {
      key: 'prices',
      header: t('payments.admin.plans.prices'),
      cell: (plan) => (
        <ul className="flex flex-col gap-0.5 whitespace-nowrap">
          {(['month', 'quarter', 'year'] as const).map((period) => (
            <li key={period}>
              {t('payments.admin.plans.priceLine', {
                period: t(`payments.periodLong.${period}`),
                price: text.money(plan.prices[period].pricePiastres),
              })}
              {plan.prices[period].discountPercent > 0 && (
                <span className="text-muted">
                  {' '}
                  ({t('payments.plan.discount', { percent: text.percent(plan.prices[period].discountPercent) })})
                </span>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'installments',
      header: t('payments.admin.plans.installments'),
      cell: (plan) => format.number(plan.installments),
    },
    {
      key: 'state',
      header: t('payments.admin.plans.state'),
      cell: (plan) => (
        <Badge tone={plan.state === 'active' ? 'success' : 'neutral'}>
          {t(`payments.admin.plans.state.${plan.state}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('payments.admin.plans.actions'),
      cell: (plan) => (
        <div className="flex flex-wrap gap-1">
          <PlanFormDialog
            plan={plan}
            trigger={
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t('payments.admin.plans.edit')}: ${text.planName(plan)}`}
              >
                {t('common.edit')}
              </Button>
            }
          />
          <RemovePlan plan={plan} name={text.planName(plan)} />
        </div>
      ),
    },
  ];

  return (
    <Card
      title={t('payments.admin.plans.title')}
      actions={<PlanFormDialog plan={null} trigger={<Button size="sm">{t('payments.admin.plans.new')}</Button>} />}
    >
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('payments.admin.plans.filter')}
          placeholder={false}
          value={state}
          onChange={(event) => setState(event.target.value as PlanState | '')}
          options={[
            { value: '', label: t('payments.admin.plans.filterAll') },
            { value: 'active', label: t('payments.admin.plans.state.active') },
            { value: 'inactive', label: t('payments.admin.plans.state.inactive') },
          ]}
        />
      </div>
      {plans.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : plans.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-red-800">
            {t('payments.admin.plans.loadError')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void plans.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <Table
          caption={t('payments.admin.plans.title')}
          columns={columns}
          rows={plans.data}
          rowKey={(plan) => plan.id}
          empty={t('payments.admin.plans.empty')}
        />
      )}
    </Card>
  );
}
