import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

/** The contact details card of the settings page (it loads lazily). */
async function contactCard() {
  const heading = await screen.findByRole('heading', { name: 'بيانات التواصل' }, { timeout: 5000 });
  const card = heading.closest('section');
  if (!card) throw new Error('no contact card');
  return within(card);
}

const sent = { channel: 'email', target: 'ne…@example.com', resendAfterSeconds: 60, expiresInMinutes: 10 };

describe('changing the e-mail or phone in the settings', () => {
  it('changes the e-mail with the current password, then the code sent to the new address', async () => {
    const student = makeUser({ emailVerified: true });
    const { calls } = stubApi(
      {
        'POST /api/v1/confirmation-code/email/change': () => ({ body: sent }),
        'POST /api/v1/confirmation-code/email/change/confirm': () => ({
          body: { ...student, email: 'new@example.com', emailVerified: true },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const card = await contactCard();
    await user.click(card.getByRole('button', { name: 'تغيير: البريد الإلكتروني' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^البريد الإلكتروني الجديد/), 'new@example.com');
    await user.type(dialog.getByLabelText(/^كلمة المرور الحالية/), 'secret123');
    await user.click(dialog.getByRole('button', { name: 'أرسل الكود' }));
    expect(await dialog.findByText('ne…@example.com')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/confirmation-code/email/change')?.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret123',
    });
    await user.type(dialog.getByLabelText(/^كود التحقق/), '12345');
    await user.click(dialog.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('تغيّر بريدك الإلكتروني، وأخبرنا عنوانك السابق بذلك')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/confirmation-code/email/change/confirm')?.body).toEqual({
      code: '12345',
    });
    expect(authStore.getState().user?.email).toBe('new@example.com');
  });

  it('shows a wrong current password in the dialog and sends no code', async () => {
    const student = makeUser({ phone: '01012345678', phoneVerified: true });
    stubApi(
      {
        'POST /api/v1/confirmation-code/phone/change': () => ({
          status: 401,
          body: { code: 'wrong-password', message: 'x' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const card = await contactCard();
    await user.click(card.getByRole('button', { name: 'تغيير: رقم الموبايل' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^رقم الموبايل الجديد/), '01098765432');
    await user.type(dialog.getByLabelText(/^كلمة المرور الحالية/), 'not-mine-1');
    await user.click(dialog.getByRole('button', { name: 'أرسل الكود' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['wrong-password']);
    expect(dialog.queryByLabelText(/^كود التحقق/)).toBeNull();
  });

  it('says the account is already verified when the new e-mail is its own verified one', async () => {
    const student = makeUser({ emailVerified: true });
    stubApi(
      {
        'POST /api/v1/confirmation-code/email/change': () => ({
          status: 409,
          body: { code: 'user-already-verified', message: 'x' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const card = await contactCard();
    await user.click(card.getByRole('button', { name: 'تغيير: البريد الإلكتروني' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^البريد الإلكتروني الجديد/), student.email);
    await user.type(dialog.getByLabelText(/^كلمة المرور الحالية/), 'secret123');
    await user.click(dialog.getByRole('button', { name: 'أرسل الكود' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['user-already-verified']);
    expect(dialog.queryByLabelText(/^كود التحقق/)).toBeNull();
  });

  it('sends an account made with Google to create a password first', async () => {
    const student = makeUser({ hasPassword: false });
    stubApi({}, student);
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const card = await contactCard();
    await user.click(card.getByRole('button', { name: 'تغيير: البريد الإلكتروني' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByLabelText(/^كلمة المرور الحالية/)).toBeNull();
    expect(dialog.getByRole('link', { name: 'إنشاء كلمة مرور' }).getAttribute('href')).toBe('/forget-password');
  });
});
