import { useT } from '@darsak/ui/i18n';
import { InviteForm } from '../../features/invites/components/invite-form.tsx';
import { InvitesTable } from '../../features/invites/components/invites-table.tsx';

/** /plan-invites: invite students to invitation-only plans; the list of invitations. */
export function PlanInvitesPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.planInvites')}</h1>
        <p className="text-muted">{t('payments.admin.invites.subtitle')}</p>
      </div>
      <InviteForm />
      <InvitesTable />
    </div>
  );
}
