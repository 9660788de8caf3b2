import { errorCodeOf } from '@darsak/client';
import type { PlanInvite } from '@darsak/domain/plans';
import { Button, Card, ConfirmDialog, SelectField, type TableColumn, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePlanText } from '../../../lib/plan-text.ts';
import { INVITES_PAGE_SIZE, usePlanInvites, usePlans, useRemoveInvite } from '../hooks/use-plan-invites.ts';

function RemoveInvite({ invite }: { invite: PlanInvite }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const remove = useRemoveInvite();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={t('payments.admin.invites.delete', { name: invite.userName })}>
          {t('payments.admin.invites.deleteConfirm')}
        </Button>
      }
      title={t('payments.admin.invites.deleteTitle')}
      description={t('payments.admin.invites.deleteBody', { name: invite.userName })}
      confirm={t('payments.admin.invites.deleteConfirm')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(invite.id).then(
          () => toast({ type: 'success', title: t('payments.admin.invites.deleted') }),
          (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) }),
        )
      }
    />
  );
}

/** The invitations, by plan, with withdrawal. */
export function InvitesTable() {
  const { t, format } = useI18n();
  const text = usePlanText();
  const plans = usePlans();
  const [planId, setPlanId] = useState('');
  const [page, setPage] = useState(1);
  const invites = usePlanInvites(page, planId ? Number(planId) : undefined);
  const planName = (id: number) => {
    const plan = plans.data?.find((p) => p.id === id);
    return plan ? text.planName(plan) : `#${format.number(id)}`;
  };

  const columns: TableColumn<PlanInvite>[] = [
    {
      key: 'student',
      header: t('payments.admin.invites.student'),
      cell: (i) => <span className="font-semibold">{i.userName}</span>,
    },
    {
      key: 'email',
      header: t('payments.admin.invites.email'),
      cell: (i) => (
        <bdi dir="ltr" className="text-muted">
          {i.userEmail}
        </bdi>
      ),
    },
    { key: 'plan', header: t('payments.admin.invites.plan'), cell: (i) => planName(i.planId) },
    { key: 'date', header: t('payments.admin.invites.createdAt'), cell: (i) => format.date(i.createdAt) },
    { key: 'actions', header: t('payments.admin.plans.actions'), cell: (i) => <RemoveInvite invite={i} /> },
  ];

  return (
    <Card title={t('payments.admin.invites.list')}>
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('payments.admin.invites.filter')}
          placeholder={false}
          value={planId}
          onChange={(event) => {
            setPlanId(event.target.value);
            setPage(1);
          }}
          options={[
            { value: '', label: t('payments.admin.plans.filterAll') },
            ...(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: text.planName(plan) })),
          ]}
        />
      </div>
      <PagedTable
        query={invites}
        caption={t('payments.admin.invites.list')}
        columns={columns}
        rowKey={(i) => i.id}
        empty={t('payments.admin.invites.empty')}
        loadError={t('payments.admin.invites.loadError')}
        page={page}
        pageSize={INVITES_PAGE_SIZE}
        onPage={setPage}
      />
    </Card>
  );
}
