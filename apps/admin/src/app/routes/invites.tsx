import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { InviteDialog } from '../../features/staff-invites/components/invite-dialog.tsx';
import { StaffInvitesTable } from '../../features/staff-invites/components/staff-invites-table.tsx';

/** /invites: invite people by e-mail with a role (how staff accounts are made); resend or revoke. */
export function InvitesPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('staff.sidebar.invites')}</h1>
          <p className="text-muted">{t('staff.invites.subtitle')}</p>
        </div>
        <InviteDialog trigger={<Button>{t('staff.invites.new')}</Button>} />
      </div>
      <StaffInvitesTable />
    </div>
  );
}
