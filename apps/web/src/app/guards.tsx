import { Forbidden } from '@darsak/ui';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, safeNext } from '../config/paths.ts';
import { useCurrentUser, useSession } from '../lib/auth-store.ts';
import { hasRole, homePathFor, type RoleName } from '../lib/roles.ts';

/**
 * Private routes: signed-out visitors go to /login?next=<where they were going>. A stored session is shown while it
 * is refreshed: its token is unexpired (an expired one ends the session at start), and a refused refresh signs out.
 */
export function RequireAuth() {
  const user = useCurrentUser();
  const endedBy = useSession((state) => state.endedBy);
  const location = useLocation();
  if (!user) {
    // after a deliberate logout there is nothing to come back to
    const next = endedBy === 'user' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.href(next)} replace />;
  }
  return <Outlet />;
}

/** Routes of some roles only; others see why and a way back to their own dashboard. */
export function RequireRole({ roles }: { roles: readonly RoleName[] }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={paths.login.href()} replace />;
  if (!hasRole(user.role, roles)) return <Forbidden home={homePathFor(user.role)} />;
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in user is sent on (to ?next= or their dashboard). */
export function GuestOnly() {
  const user = useCurrentUser();
  const [search] = useSearchParams();
  if (user) return <Navigate to={safeNext(search.get('next')) ?? homePathFor(user.role)} replace />;
  return <Outlet />;
}
