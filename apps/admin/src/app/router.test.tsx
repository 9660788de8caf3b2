import { Role, type RoleId, type User } from '@darsak/domain/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffEntriesFor } from '../lib/access.ts';
import { authStore } from '../lib/auth-store.ts';
import { renderAdmin, staffUser, testToken } from '../testing/render-admin.tsx';

const userWith = staffUser;

function stubFetch(user: User | null, login?: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/v1/auth/refresh-token') return reply(200, { token: testToken });
      if (path === '/api/v1/user/current') return user ? reply(200, user) : reply(401, { code: 'unauthenticated' });
      if (path === '/api/v1/auth/password' && login) return reply(login.status, login.body);
      return reply(404, { code: 'route-not-found' });
    }),
  );
}

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin access', () => {
  it('filters the staff sidebar by the permission table', () => {
    const areas = (role: RoleId) => staffEntriesFor(role).map((entry) => entry.area);
    expect(areas(Role.admin)).toHaveLength(17);
    expect(areas(Role.superAdmin)).toEqual(areas(Role.admin));
    expect(areas(Role.tutorManager)).toEqual(['dashboard', 'interviews', 'userSettings']);
    expect(areas(Role.studio)).toEqual(['dashboard', 'photoSessions', 'media', 'userSettings']);
    expect(areas(Role.student)).toEqual([]);
  });

  it('sends signed-out visitors to the staff sign-in', async () => {
    stubFetch(null);
    const router = renderAdmin('/users');
    expect(await screen.findByRole('heading', { name: 'دخول فريق العمل' })).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Fusers');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('tells a student that the admin app is for staff', async () => {
    const student = userWith(Role.student);
    stubFetch(student);
    renderAdmin('/', student);
    expect(await screen.findByRole('heading', { name: 'تطبيق الإدارة لفريق العمل فقط' })).toBeTruthy();
    expect(screen.getByText(/حسابك \(طالب\)/)).toBeTruthy();
  });

  it('keeps a studio account out of admin-only areas and shows its own sidebar', async () => {
    const studio = userWith(Role.studio);
    stubFetch(studio);
    renderAdmin('/users', studio);
    expect(await screen.findByRole('heading', { name: 'هذه الصفحة ليست لحسابك' })).toBeTruthy();
    const [nav] = screen.getAllByRole('navigation', { name: 'القائمة الجانبية' });
    if (!nav) throw new Error('no sidebar');
    expect(within(nav).getByRole('link', { name: 'جلسات التصوير' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'المستخدمون' })).toBeNull();
  });

  it('opens the media page for an admin', async () => {
    const admin = userWith(Role.admin);
    stubFetch(admin);
    renderAdmin('/media', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'وسائط المعلّمين' })).toBeTruthy();
  });

  it('signs staff in and opens the page they asked for', async () => {
    const admin = userWith(Role.admin);
    stubFetch(admin, { status: 200, body: { token: testToken, user: admin } });
    const router = renderAdmin('/login?next=%2Flessons');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'hala@example.com');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lessons'));
    expect(await screen.findByRole('heading', { level: 1, name: 'الدروس' })).toBeTruthy();
  });
});
