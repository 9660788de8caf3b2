import { Badge, ComingSoon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useAuth } from '../../lib/auth-store.ts';

/** "/": who is signed in; the platform overview comes with its feature. */
export function DashboardPage() {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.welcome', { name: user.name })}</h1>
        <Badge tone="primary">{t(`role.${user.role}`)}</Badge>
      </div>
      <ComingSoon feature={t('admin.feature.dashboard')} />
    </div>
  );
}
