import { useT } from '@darsak/ui/i18n';
import { UsersTable } from '../../features/users/components/users-table.tsx';

/** /users: find anyone and open their page. */
export function UsersPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.users')}</h1>
        <p className="text-muted">{t('staff.users.subtitle')}</p>
      </div>
      <UsersTable />
    </div>
  );
}
