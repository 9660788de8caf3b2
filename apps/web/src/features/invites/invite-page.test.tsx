import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { Role } from '@darsak/domain/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeToken, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

const token = 'a'.repeat(43);
const preview = {
  email: 'hala@example.com',
  name: null,
  role: Role.tutorManager,
  inviterName: 'مشرف المنصة',
  planWeeklyMinutes: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('/invite/{token}', () => {
  it('tells who invited and as what, registers with the fixed e-mail, and sends staff to the admin app', async () => {
    const manager = makeUser({ role: Role.tutorManager, email: preview.email });
    const { calls } = stubApi({
      [`GET /api/v1/invite/token/${token}`]: () => ({ body: preview }),
      [`POST /api/v1/invite/token/${token}`]: () => ({
        status: 201,
        body: { token: fakeToken(manager.id), user: manager },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/invite/${token}`);
    expect(await screen.findByText('دعاك مشرف المنصة للانضمام بدور «مدير المعلّمين».')).toBeTruthy();
    expect((screen.getByLabelText(/^البريد الإلكتروني/) as HTMLInputElement).value).toBe(preview.email);
    await user.type(screen.getByLabelText(/الاسم بالعربية/), 'هالة سمير');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'secret123');
    await user.type(screen.getByLabelText(/^تأكيد كلمة المرور/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('أُنشئ حسابك بدور «مدير المعلّمين».')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'الدخول إلى تطبيق الإدارة' }).getAttribute('href')).toMatch(/\/login$/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'هالة سمير', password: 'secret123' });
    // Staff sign in to the admin app themselves: no session is kept here.
    expect(authStore.getState().token).toBeNull();
  });

  it('says plainly when the link was used, revoked or expired', async () => {
    stubApi({
      [`GET /api/v1/invite/token/${token}`]: () => ({ status: 410, body: { code: 'invite-expired', message: 'x' } }),
    });
    renderApp(`/invite/${token}`);
    await waitFor(() => expect(screen.getByText(ERROR_MESSAGES_AR['invite-expired'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'إنشاء الحساب' })).toBeNull();
  });
});
