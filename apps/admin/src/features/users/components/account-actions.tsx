import { isAdminGrant } from '@darsak/domain/invites';
import { isAdminRole, ROLE_IDS, Role, type RoleId, type UserAccount } from '@darsak/domain/users';
import { Button, Card, SelectField, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useChangeRole, useMarkVerified, useSetDisabled } from '../hooks/use-users.ts';

function ChangeRole({ account }: { account: UserAccount }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const change = useChangeRole(account.id);
  const [role, setRole] = useState(String(account.role));
  const next = Number(role) as RoleId;
  return (
    <ReasonDialog
      trigger={<Button variant="secondary">{t('staff.user.changeRole')}</Button>}
      title={t('staff.user.changeRoleTitle', { name: account.name })}
      description={t('staff.user.changeRoleBody')}
      confirm={t('staff.user.changeRole')}
      onConfirm={async (reason) => {
        await change.mutateAsync({ role: next, reason });
        toast({ type: 'success', title: t('staff.user.roleChanged', { role: t(`role.${next}` as MessageKey) }) });
      }}
    >
      <SelectField
        label={t('staff.users.role')}
        hint={isAdminGrant(next) ? t('staff.user.adminRoleWarning') : undefined}
        placeholder={false}
        value={role}
        onChange={(event) => setRole(event.target.value)}
        options={ROLE_IDS.map((id) => ({ value: String(id), label: t(`role.${id}` as MessageKey) }))}
      />
    </ReasonDialog>
  );
}

/** Disable or enable, mark contacts verified, change the role (super admin): each confirmed with a reason. */
export function AccountActions({ account }: { account: UserAccount }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const me = useAuth().user;
  const setDisabled = useSetDisabled(account.id);
  const markVerified = useMarkVerified(account.id);
  const isSelf = me?.id === account.id;
  const isSuperAdmin = me?.role === Role.superAdmin;
  // Admin accounts are the super admin's to manage (DESIGN §4).
  if (isSelf || (isAdminRole(account.role) && !isSuperAdmin)) {
    return (
      <Card title={t('staff.user.actions')}>
        <p className="text-muted">{t(isSelf ? 'staff.user.selfNote' : 'staff.user.adminNote')}</p>
      </Card>
    );
  }
  const disabled = account.disabledAt !== null;
  const verify = (contact: 'email' | 'phone') => (
    <ReasonDialog
      trigger={
        <Button variant="secondary">
          {t(contact === 'email' ? 'staff.user.verifyEmail' : 'staff.user.verifyPhone')}
        </Button>
      }
      title={t(contact === 'email' ? 'staff.user.verifyEmail' : 'staff.user.verifyPhone')}
      description={t('staff.user.verifyBody', {
        contact: (contact === 'email' ? account.email : account.phone) ?? '',
      })}
      confirm={t('staff.user.verifyConfirm')}
      onConfirm={async (reason) => {
        await markVerified.mutateAsync({ contact, reason });
        toast({ type: 'success', title: t('staff.user.verified') });
      }}
    />
  );
  return (
    <Card title={t('staff.user.actions')}>
      <div className="flex flex-wrap gap-3">
        <ReasonDialog
          danger={!disabled}
          trigger={
            <Button variant={disabled ? 'primary' : 'danger'}>
              {t(disabled ? 'staff.user.enable' : 'staff.user.disable')}
            </Button>
          }
          title={t(disabled ? 'staff.user.enableTitle' : 'staff.user.disableTitle', { name: account.name })}
          description={t(disabled ? 'staff.user.enableBody' : 'staff.user.disableBody')}
          confirm={t(disabled ? 'staff.user.enable' : 'staff.user.disable')}
          onConfirm={async (reason) => {
            await setDisabled.mutateAsync({ disabled: !disabled, reason });
            toast({ type: 'success', title: t(disabled ? 'staff.user.enabled' : 'staff.user.disabled') });
          }}
        />
        {!account.emailVerified && verify('email')}
        {account.phone && !account.phoneVerified && verify('phone')}
        {isSuperAdmin && <ChangeRole account={account} />}
      </div>
    </Card>
  );
}
