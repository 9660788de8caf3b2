import type { User } from '@darsak/domain/users';
import { Button, buttonClasses, ErrorScreen } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { APP_URL } from '../config/env.ts';
import { useLogout } from '../lib/use-logout.ts';

/** A student or tutor signed in to the admin app: why they cannot enter and where to go. */
export function StaffOnly({ user }: { user: User }) {
  const t = useT();
  const logout = useLogout();
  return (
    <ErrorScreen
      mark={t('page.forbidden.code')}
      title={t('admin.staffOnly.title')}
      description={t('admin.staffOnly.body', { role: t(`role.${user.role}`) })}
      actions={
        <>
          <a href={APP_URL} className={buttonClasses()}>
            {t('admin.staffOnly.openApp')}
          </a>
          <Button variant="secondary" onClick={() => void logout()}>
            {t('sidebar.logout')}
          </Button>
        </>
      }
    />
  );
}
