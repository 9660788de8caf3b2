import { errorCodeOf } from '@darsak/client';
import type { PlanInvite } from '@darsak/domain/plans';
import {
  Button,
  Card,
  ConfirmDialog,
  Form,
  FormActions,
  FormError,
  SelectField,
  type TableColumn,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePlanText } from '../../../lib/plan-text.ts';
import {
  INVITES_PAGE_SIZE,
  useMoveInvite,
  usePlanInvites,
  usePlans,
  useRemoveInvite,
} from '../hooks/use-plan-invites.ts';

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

/** Moves the invite to another plan: the student sees that plan instead (a wrong plan picked, a plan replaced). */
function MoveInvite({ invite, planName }: { invite: PlanInvite; planName: (id: number) => string }) {
  const { t, errorMessage } = useI18n();
  const text = usePlanText();
  const { toast } = useToast();
  const plans = usePlans();
  const move = useMoveInvite();
  return (
    <FormDialog
      title={t('payments.admin.invites.moveTitle', { name: invite.userName })}
      trigger={
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('payments.admin.invites.moveFor', { name: invite.userName })}
        >
          {t('payments.admin.invites.move')}
        </Button>
      }
      form={(close) => (
        <MoveInviteForm
          invite={invite}
          options={(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: text.planName(plan) }))}
          busy={move.isPending}
          error={move.error ? errorMessage(errorCodeOf(move.error)) : undefined}
          onMove={(planId) =>
            move.mutate(
              { id: invite.id, planId },
              {
                onSuccess: (moved) => {
                  toast({
                    type: 'success',
                    title: t('payments.admin.invites.moved', { plan: planName(moved.planId) }),
                  });
                  close();
                },
              },
            )
          }
          onOpen={move.reset}
          onCancel={close}
        />
      )}
    />
  );
}

function MoveInviteForm({
  invite,
  options,
  busy,
  error,
  onMove,
  onOpen,
  onCancel,
}: {
  invite: PlanInvite;
  options: { value: string; label: string }[];
  busy: boolean;
  error: string | undefined;
  onMove: (planId: number) => void;
  /** The form mounts at each opening: an earlier opening's refusal is not this one's. */
  onOpen: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  useEffect(() => onOpen(), [onOpen]);
  const [planId, setPlanId] = useState(String(invite.planId));
  const [fieldError, setFieldError] = useState<string | undefined>();
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (Number(planId) === invite.planId) {
          setFieldError(t('payments.admin.invites.samePlan'));
          return;
        }
        onMove(Number(planId));
      }}
    >
      <p className="text-sm text-muted">{t('payments.admin.invites.moveBody')}</p>
      <FormError message={error} />
      <SelectField
        label={t('payments.admin.invites.plan')}
        placeholder={false}
        value={planId}
        error={fieldError}
        onChange={(event) => {
          setPlanId(event.target.value);
          setFieldError(undefined);
        }}
        options={options}
      />
      <FormActions>
        <Button type="submit" loading={busy}>
          {t('payments.admin.invites.moveConfirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </FormActions>
    </Form>
  );
}

/** The invitations, by plan, with a move to another plan and withdrawal. */
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
    {
      key: 'actions',
      header: t('payments.admin.plans.actions'),
      cell: (i) => (
        <div className="flex flex-wrap gap-1">
          <MoveInvite invite={i} planName={planName} />
          <RemoveInvite invite={i} />
        </div>
      ),
    },
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
