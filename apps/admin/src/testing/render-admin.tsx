import type { RoleId, User } from '@darsak/domain/users';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { authStore } from '../lib/auth-store.ts';

const now = Math.floor(Date.now() / 1000);
/** A bearer token the client takes as unexpired (it only decodes the payload). */
export const testToken = `h.${btoa(JSON.stringify({ id: 1, iat: now, exp: now + 3600 })).replace(/=+$/, '')}.s`;

/** A signed-in staff member (or any role) as the API describes them. */
export const staffUser = (role: RoleId): User => ({
  id: 1,
  role,
  name: 'هالة حسن',
  email: 'hala@example.com',
  phone: null,
  governorate: null,
  birthYear: null,
  gender: null,
  image: null,
  job: null,
  creditScore: 0,
  notificationMethod: 'none',
  emailVerified: true,
  phoneVerified: true,
  hasPassword: true,
  profileCompleted: true,
  createdAt: '2025-01-01T00:00:00.000Z',
});

/** The whole admin app at `path`, signed in as `user` when given; answers its router. */
export function renderAdmin(path: string, user?: User) {
  if (user) authStore.signIn({ token: testToken, user, meta: null });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}
