import { useT } from '@darsak/ui/i18n';
import { OwnPasswordForm } from '../../features/user-settings/components/own-password-form.tsx';
import { OwnProfileForm } from '../../features/user-settings/components/own-profile-form.tsx';
import { useAuth } from '../../lib/auth-store.ts';

/** /user-settings: the staff member's own profile and password. */
export function UserSettingsPage() {
  const t = useT();
  const user = useAuth().user;
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.userSettings')}</h1>
        <p className="text-muted">{t('staff.settings.subtitle')}</p>
      </div>
      <OwnProfileForm user={user} />
      {user.hasPassword && <OwnPasswordForm />}
    </div>
  );
}
