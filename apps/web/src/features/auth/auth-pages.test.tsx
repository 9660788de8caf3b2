import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeToken, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('shows field errors by key, then the coded error of a wrong password inline', async () => {
    const { calls } = stubApi({
      'POST /api/v1/auth/password': () => ({ status: 401, body: { code: 'wrong-password', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'دخول' }));
    expect(await screen.findAllByText(FIELD_MESSAGES_AR.required)).toHaveLength(2);
    const email = screen.getByLabelText(/البريد الإلكتروني/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('-error');

    await user.type(email, 'Sara@Example.com');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'wrongpass1');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['wrong-password']);
    expect(calls.find((c) => c.path === '/api/v1/auth/password')?.body).toEqual({
      email: 'sara@example.com',
      password: 'wrongpass1',
    });
    expect(authStore.getState().token).toBeNull();
  });

  it('tells a disabled account that it is disabled and where support is, by password and by Google', async () => {
    const disabled = () => ({ status: 403, body: { code: 'account-disabled', message: 'x' } });
    stubApi({
      'GET /api/v1/config': () => ({
        body: {
          environment: 'local',
          googleSimulator: true,
          googleClientId: 'darsak.apps.googleusercontent.com',
          supportLinks: { whatsapp: 'https://wa.me/201000000000' },
        },
      }),
      'POST /api/v1/auth/password': disabled,
      'POST /api/v1/auth/google': disabled,
    });
    const user = userEvent.setup();
    renderApp('/login#credential=google-id-token');
    const google = await screen.findByText(ERROR_MESSAGES_AR['account-disabled']);
    expect(google.textContent).toContain('الدعم');
    expect((await screen.findByRole('link', { name: 'واتساب' })).getAttribute('href')).toBe(
      'https://wa.me/201000000000',
    );

    await user.type(screen.getByLabelText(/البريد الإلكتروني/), 'sara@example.com');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(screen.getAllByText(ERROR_MESSAGES_AR['account-disabled'])).toHaveLength(2));
    expect(screen.getAllByRole('link', { name: 'واتساب' })).toHaveLength(2);
    expect(authStore.getState().token).toBeNull();
  });

  it('signs in, stores the session and follows ?next=', async () => {
    const student = makeUser();
    const token = fakeToken(student.id);
    stubApi({ 'POST /api/v1/auth/password': () => ({ body: { token, user: student } }) }, student);
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=%2Fprofile');
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'sara@example.com');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(window.localStorage.getItem('darsak.token')).toBe(token);
    expect(JSON.parse(window.localStorage.getItem('darsak.user') ?? '{}').user.id).toBe(student.id);
  });
});

describe('register', () => {
  it('asks a tutor for an Arabic two-part name', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/register/tutor');
    await user.type(await screen.findByLabelText(/الاسم بالعربية/), 'Mohamed Ali');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText(FIELD_MESSAGES_AR['name-two-arabic-parts'])).toBeTruthy();
  });

  it('renders the 404 page for an unknown register role', async () => {
    stubApi();
    renderApp('/register/admin');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeTruthy();
  });
});

describe('forgot password dialog', () => {
  async function openAtCodeStep(user: ReturnType<typeof userEvent.setup>) {
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'نسيت كلمة المرور؟' }));
    expect(await screen.findByRole('dialog', { name: 'استعادة كلمة المرور' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /البريد الإلكتروني/ }), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل الكود' }));
    return screen.findByLabelText(/كود التحقق/);
  }

  it('checks the code before asking for the new password, and keeps a wrong code on the code step', async () => {
    let right = false;
    const { calls } = stubApi({
      'POST /api/v1/confirmation-code/password/send': () => ({ body: { ok: true } }),
      'POST /api/v1/confirmation-code/password/check': () =>
        right ? { body: { ok: true } } : { status: 422, body: { code: 'invalid-verification-code', message: 'x' } },
      'POST /api/v1/confirmation-code/password/confirm': () => ({ body: { ok: true } }),
    });
    const user = userEvent.setup();
    const code = await openAtCodeStep(user);
    await user.type(code, '11111');
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['invalid-verification-code']);
    expect(screen.queryByLabelText(/^كلمة المرور الجديدة/)).toBeNull();

    right = true;
    await user.clear(screen.getByLabelText(/كود التحقق/));
    await user.type(screen.getByLabelText(/كود التحقق/), '12345');
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await user.type(await screen.findByLabelText(/^كلمة المرور الجديدة/), 'newpass123');
    await user.type(screen.getByLabelText(/^تأكيد كلمة المرور/), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('تم تغيير كلمة المرور، سجّل الدخول بكلمة المرور الجديدة.')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/password/check')).map((c) => c.body)).toEqual([
      { email: 'sara@example.com', code: '11111' },
      { email: 'sara@example.com', code: '12345' },
    ]);
    expect(calls.find((c) => c.path.endsWith('/password/confirm'))?.body).toEqual({
      email: 'sara@example.com',
      code: '12345',
      password: 'newpass123',
    });
  });

  it('returns to the code step when the code died between the check and saving', async () => {
    stubApi({
      'POST /api/v1/confirmation-code/password/send': () => ({ body: { ok: true } }),
      'POST /api/v1/confirmation-code/password/check': () => ({ body: { ok: true } }),
      'POST /api/v1/confirmation-code/password/confirm': () => ({
        status: 422,
        body: { code: 'expired-verification-code', message: 'x' },
      }),
    });
    const user = userEvent.setup();
    await user.type(await openAtCodeStep(user), '12345');
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await user.type(await screen.findByLabelText(/^كلمة المرور الجديدة/), 'newpass123');
    await user.type(screen.getByLabelText(/^تأكيد كلمة المرور/), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['expired-verification-code']);
    expect(screen.getByLabelText(/كود التحقق/)).toBeTruthy();
  });
});
