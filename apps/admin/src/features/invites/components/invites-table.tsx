import { errorCodeOf } from '@darsak/client';
import type { PlanInvite } from '@darsak/domain/plans';
import { Button, Card, SelectField, Spinner, Table, type TableColumn, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { hasNextPage, usePlanText } from '../../../lib/plan-text.ts';
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

  const total = invites.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVITES_PAGE_SIZE));
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
      {invites.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : invites.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-red-800">
            {t('payments.admin.invites.loadError')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void invites.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Table
            caption={t('payments.admin.invites.list')}
            columns={columns}
            rows={invites.data.list}
            rowKey={(i) => i.id}
            empty={t('payments.admin.invites.empty')}
          />
          {pages > 1 && (
            <div className="mt-3 flex items-center justify-between gap-3 text-sm">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('payments.admin.previous')}
              </Button>
              <span>{t('payments.admin.page', { page: format.number(page), pages: format.number(pages) })}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={!hasNextPage(page, INVITES_PAGE_SIZE, total)}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('payments.admin.next')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
