import { Forbidden, LoadingAnimation } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, safeNext } from '../config/paths.ts';
import { useAuth } from '../lib/auth-store.ts';
import { hasRole, homePathFor, type RoleName } from '../lib/roles.ts';

function Restoring() {
  const t = useT();
  return <LoadingAnimation label={t('page.session.restoring')} />;
}

/** Private routes: signed-out visitors go to /login?next=<where they were going>. */
export function RequireAuth() {
  const { user, status, endedBy } = useAuth();
  const location = useLocation();
  if (status === 'restoring') return <Restoring />;
  if (!user) {
    // after a deliberate logout there is nothing to come back to
    const next = endedBy === 'user' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.href(next)} replace />;
  }
  return <Outlet />;
}

/** Routes of some roles only; others see why and a way back to their own dashboard. */
export function RequireRole({ roles }: { roles: readonly RoleName[] }) {
  const { user } = useAuth();
  if (!user) return <Navigate to={paths.login.href()} replace />;
  if (!hasRole(user.role, roles)) return <Forbidden home={homePathFor(user.role)} />;
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in user is sent on (to ?next= or their dashboard). */
export function GuestOnly() {
  const { user, status } = useAuth();
  const [search] = useSearchParams();
  if (status === 'restoring') return <Restoring />;
  if (user) return <Navigate to={safeNext(search.get('next')) ?? homePathFor(user.role)} replace />;
  return <Outlet />;
}
