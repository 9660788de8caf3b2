import type { AuditEntry } from '@darsak/domain/audit';
import { Role, type UserAccount } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';

configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const student: UserAccount = {
  ...staffUser(Role.student),
  id: 7,
  name: 'كريم حسن',
  email: 'karim@example.com',
  emailVerified: false,
  disabledAt: null,
  subscribed: false,
};
const empty = () => ({ body: { total: 0, list: [] } });

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin /users and /user/{id}', { timeout: 20_000 }, () => {
  it('searches and filters on the server and remembers the page size', async () => {
    const calls = stubApi(admin, { 'GET /api/v1/user/list': () => ({ body: { total: 1, list: [student] } }) });
    const user = userEvent.setup();
    renderAdmin('/users', admin);
    const table = await screen.findByRole('table', { name: 'المستخدمون' });
    expect(within(table).getByRole('link', { name: 'كريم حسن' }).getAttribute('href')).toBe('/user/7');
    await user.type(screen.getByLabelText(/^بحث/), 'karim');
    await user.selectOptions(screen.getByLabelText(/^حالة الحساب/), 'disabled');
    await user.selectOptions(screen.getByLabelText(/^عدد الصفوف في الصفحة/), '50');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/v1/user/list').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        q: 'karim',
        activity: 'disabled',
        sort: 'newest',
        page: '1',
        size: '50',
      });
    });
    expect(localStorage.getItem('darsak.admin.pageSize.users')).toBe('50');
  });

  it('disables an account only after a reason is given, and shows the change in its history', async () => {
    let account = student;
    const history: AuditEntry[] = [];
    const calls = stubApi(admin, {
      'GET /api/v1/user/7/account': () => ({ body: account }),
      'GET /api/v1/lesson/list/': empty,
      'GET /api/v1/sub/list': empty,
      'GET /api/v1/tx/list': empty,
      'GET /api/v1/audit-log/list': () => ({ body: { total: history.length, list: history } }),
      'PUT /api/v1/user/7/status': (body) => {
        const { reason } = body as { reason: string };
        account = { ...account, disabledAt: '2025-03-06T10:00:00.000Z' };
        history.push({
          id: 1,
          actorId: admin.id,
          actorName: admin.name,
          action: 'user.disable',
          objectType: 'user',
          objectId: 7,
          userId: 7,
          before: { disabledAt: null },
          after: { disabledAt: account.disabledAt },
          reason,
          createdAt: account.disabledAt ?? '',
        });
        return { body: account };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/user/7', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'كريم حسن' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'تعطيل الحساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعطيل حساب كريم حسن؟' });
    await user.click(within(dialog).getByRole('button', { name: 'تعطيل الحساب' }));
    expect(await within(dialog).findByText('اكتب السبب في ٣ إلى ٥٠٠ حرف.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^السبب/), 'بلاغ عن إساءة');
    await user.click(within(dialog).getByRole('button', { name: 'تعطيل الحساب' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ disabled: true, reason: 'بلاغ عن إساءة' });
    expect(await screen.findByRole('button', { name: 'إعادة تفعيل الحساب' })).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'سجل تغييرات الحساب' });
    expect(await within(log).findByText('تعطيل حساب')).toBeTruthy();
    expect(within(log).getByText('بلاغ عن إساءة')).toBeTruthy();
  });
});
