import { Forbidden, LoadingAnimation } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { StaffOnly } from '../components/staff-only.tsx';
import { paths, safeNext } from '../config/paths.ts';
import { type AdminArea, canEnter, isStaff } from '../lib/access.ts';
import { useAuth } from '../lib/auth-store.ts';

/** Staff only: signed-out visitors go to /login?next=…; students and tutors see why they cannot enter. */
export function RequireStaff() {
  const t = useT();
  const { user, status, endedBy } = useAuth();
  const location = useLocation();
  if (status === 'restoring') return <LoadingAnimation label={t('page.session.restoring')} />;
  if (!user) {
    const next = endedBy === 'user' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.href(next)} replace />;
  }
  if (!isStaff(user.role)) return <StaffOnly user={user} />;
  return <Outlet />;
}

/** One area of the permission table (DESIGN §4). */
export function RequireArea({ area }: { area: AdminArea }) {
  const { user } = useAuth();
  if (!user || !canEnter(user.role, area)) return <Forbidden />;
  return <Outlet />;
}

export function GuestOnly() {
  const { user, status } = useAuth();
  const [search] = useSearchParams();
  if (status === 'restoring') return <LoadingAnimation />;
  if (user && isStaff(user.role))
    return <Navigate to={safeNext(search.get('next')) ?? paths.dashboard.href()} replace />;
  if (user) return <StaffOnly user={user} />;
  return <Outlet />;
}
