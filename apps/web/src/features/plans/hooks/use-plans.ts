import { plansQuery } from '@darsak/client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';

/**
 * The plans offered to the caller, fewest minutes first. The list is public; signed in, the server also returns
 * the invitation-only plans this student was invited to, so the query is keyed by who is asking.
 */
export function usePlans() {
  const user = useCurrentUser();
  return useQuery({
    ...plansQuery(api, { viewerId: user?.id ?? null }),
    select: (page) => [...page.list].sort((a, b) => a.weeklyMinutes - b.weeklyMinutes || a.id - b.id),
  });
}
