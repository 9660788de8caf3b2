import { errorCodeOf } from '@darsak/client';
import type { Invite, InviteState } from '@darsak/domain/invites';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  SelectField,
  type TableColumn,
  TextField,
  useToast,
} from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchInvitesPage, useInvites, useResendInvite, useRevokeInvite } from '../hooks/use-invites.ts';

const STATE_TONE: Record<InviteState, BadgeTone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'neutral',
  expired: 'warning',
};
const STATES: InviteState[] = ['pending', 'approved', 'rejected', 'expired'];

function InviteActions({ invite }: { invite: Invite }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const revoke = useRevokeInvite();
  const resend = useResendInvite();
  const fail = (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) });
  if (invite.state === 'approved' || invite.state === 'rejected') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={t('staff.invites.resendFor', { email: invite.email })}>
            {t('staff.invites.resend')}
          </Button>
        }
        title={t('staff.invites.resendTitle')}
        description={t('staff.invites.resendBody', { email: invite.email })}
        confirm={t('staff.invites.resend')}
        busy={resend.isPending}
        onConfirm={() =>
          resend
            .mutateAsync(invite.id)
            .then(() => toast({ type: 'success', title: t('staff.invites.sent', { email: invite.email }) }), fail)
        }
      />
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="ghost" aria-label={t('staff.invites.revokeFor', { email: invite.email })}>
            {t('staff.invites.revoke')}
          </Button>
        }
        title={t('staff.invites.revokeTitle')}
        description={t('staff.invites.revokeBody', { email: invite.email })}
        confirm={t('staff.invites.revoke')}
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutateAsync(invite.id).then(() => toast({ type: 'success', title: t('staff.invites.revoked') }), fail)
        }
      />
    </div>
  );
}

/** Invites by state and e-mail; resend or revoke the unused ones. */
export function StaffInvitesTable() {
  const { t, format } = useI18n();
  const [state, setState] = useState<InviteState | ''>('');
  const paging = usePaging('invites');
  const search = useTableSearch(paging);
  const filter = { state: state || undefined, q: search.q };
  const invites = useInvites(filter, paging.page, paging.size);
  const stateText = (i: Invite) => t(`staff.invites.state.${i.state}` as MessageKey);
  const roleText = (i: Invite) => t(`role.${i.role}` as MessageKey);

  const columns: TableColumn<Invite>[] = [
    {
      key: 'email',
      header: t('staff.invites.email'),
      cell: (i) => (
        <span className="flex flex-col">
          <bdi dir="ltr" className="font-semibold">
            {i.email}
          </bdi>
          {i.name && <span className="text-muted">{i.name}</span>}
        </span>
      ),
    },
    { key: 'role', header: t('staff.invites.role'), cell: roleText },
    {
      key: 'state',
      header: t('staff.invites.status'),
      cell: (i) => <Badge tone={STATE_TONE[i.state]}>{stateText(i)}</Badge>,
    },
    { key: 'by', header: t('staff.invites.invitedBy'), cell: (i) => i.inviterName ?? '—' },
    { key: 'created', header: t('staff.invites.createdAt'), cell: (i) => format.date(i.createdAt) },
    { key: 'expires', header: t('staff.invites.expiresAt'), cell: (i) => format.dateTime(i.expiresAt) },
    { key: 'actions', header: t('staff.table.actions'), cell: (i) => <InviteActions invite={i} /> },
  ];

  return (
    <Card
      title={t('staff.invites.list')}
      actions={
        <CsvExportButton
          fileName="invites"
          fetchPage={(page, size) => fetchInvitesPage(filter, page, size)}
          columns={[
            { header: t('staff.invites.email'), value: (i: Invite) => i.email },
            { header: t('staff.invites.name'), value: (i) => i.name },
            { header: t('staff.invites.role'), value: roleText },
            { header: t('staff.invites.status'), value: stateText },
            { header: t('staff.invites.invitedBy'), value: (i) => i.inviterName },
            { header: t('staff.invites.createdAt'), value: (i) => i.createdAt },
            { header: t('staff.invites.expiresAt'), value: (i) => i.expiresAt },
          ]}
        />
      }
    >
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <TextField label={t('staff.invites.search')} dir="ltr" {...search.field} />
        <SelectField
          label={t('staff.invites.status')}
          placeholder={false}
          value={state}
          onChange={(event) => {
            setState(event.target.value as InviteState | '');
            paging.setPage(1);
          }}
          options={[
            { value: '', label: t('staff.filter.all') },
            ...STATES.map((s) => ({ value: s, label: t(`staff.invites.state.${s}` as MessageKey) })),
          ]}
        />
      </div>
      <PagedTable
        query={invites}
        caption={t('staff.invites.list')}
        columns={columns}
        rowKey={(i) => i.id}
        empty={t('staff.invites.empty')}
        loadError={t('staff.invites.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
