import { isAdminRole } from '@darsak/domain/users';
import { Badge, Button, Card, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { OverviewFigures } from '../../features/dashboard/components/overview-figures.tsx';
import { StaffWaits } from '../../features/dashboard/components/staff-waits.tsx';
import { useOverview } from '../../features/dashboard/hooks/use-overview.ts';
import { staffEntriesFor } from '../../lib/access.ts';
import { useAuth } from '../../lib/auth-store.ts';

/** Admins: the figures; other staff: links to the pages their role opens. */
function AdminOverview() {
  const { t, format } = useI18n();
  const overview = useOverview(true);
  if (overview.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (overview.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {t('staff.overview.loadError')}
        </p>
        <Button variant="secondary" onClick={() => overview.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{t('staff.overview.asOf', { time: format.dateTime(overview.data.asOf) })}</p>
        <Button variant="secondary" loading={overview.isFetching} onClick={() => overview.refetch()}>
          {t('staff.overview.refresh')}
        </Button>
      </div>
      <OverviewFigures overview={overview.data} />
    </div>
  );
}

function StaffLinks({ entries }: { entries: ReturnType<typeof staffEntriesFor> }) {
  const { t } = useI18n();
  return (
    <Card title={t('staff.overview.yourPages')}>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.area}>
            <Link to={entry.href} className="text-primary-700 underline">
              {t(entry.label)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "/": who is signed in; what waits for their role; the operator's figures for admins, else their pages. */
export function DashboardPage() {
  const { t } = useI18n();
  const { user } = useAuth();
  if (!user) return null;
  const admin = isAdminRole(user.role);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.welcome', { name: user.name })}</h1>
        <Badge tone="primary">{t(`role.${user.role}`)}</Badge>
      </div>
      <StaffWaits role={user.role} />
      {admin ? (
        <AdminOverview />
      ) : (
        <StaffLinks entries={staffEntriesFor(user.role).filter((entry) => entry.area !== 'dashboard')} />
      )}
    </div>
  );
}
