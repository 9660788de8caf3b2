import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { fieldMessageOf } from '@darsak/ui/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

async function passwordCard() {
  // The settings page loads lazily: give it time on a busy machine.
  const heading = await screen.findByRole('heading', { name: 'كلمة المرور' }, { timeout: 5000 });
  const card = heading.closest('section');
  if (!card) throw new Error('no password card');
  return within(card);
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  const card = await passwordCard();
  await user.type(card.getByLabelText(/^كلمة المرور الحالية/), current);
  await user.type(card.getByLabelText(/^كلمة المرور الجديدة/), next);
  await user.type(card.getByLabelText(/^تأكيد كلمة المرور/), confirm);
  await user.click(card.getByRole('button', { name: 'تغيير كلمة المرور' }));
  return card;
}

describe('change password in the settings', () => {
  it('changes a student’s password with the current one and stays signed in', async () => {
    const student = makeUser();
    const { calls } = stubApi({ 'POST /api/v1/auth/change-password': () => ({ body: { ok: true } }) }, student);
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    await fill(user, 'secret123', 'fresh-pass9');
    expect(await screen.findByText('تم تغيير كلمة المرور، وسجّلنا خروجك من الأجهزة الأخرى.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/auth/change-password')?.body).toEqual({
      currentPassword: 'secret123',
      newPassword: 'fresh-pass9',
    });
    expect(authStore.getState().token).not.toBeNull();
    expect((screen.getByLabelText(/^كلمة المرور الحالية/) as HTMLInputElement).value).toBe('');
  });

  it('checks the new password and its confirmation before calling', async () => {
    const student = makeUser();
    const { calls } = stubApi({}, student);
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    await fill(user, 'secret123', 'short', 'other');
    expect(await screen.findByText(fieldMessageOf('ar', 'password-length') ?? '')).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES_AR['passwords-mismatch'])).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/auth/change-password')).toBe(false);
  });

  it('shows a wrong current password inline on the tutor’s account settings', async () => {
    const tutor = makeUser({ role: 3, name: 'أحمد محمود' });
    stubApi(
      {
        'POST /api/v1/auth/change-password': () => ({ status: 401, body: { code: 'wrong-password', message: 'x' } }),
      },
      tutor,
    );
    const user = userEvent.setup();
    renderApp('/t/account-settings', { user: tutor });
    const card = await fill(user, 'not-mine-1', 'fresh-pass9');
    expect((await card.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['wrong-password']);
    expect(authStore.getState().token).not.toBeNull();
  });

  it('offers an account made with Google to create a password by e-mail code instead', async () => {
    const student = makeUser({ hasPassword: false });
    stubApi({}, student);
    renderApp('/s/settings', { user: student });
    const card = await passwordCard();
    expect(card.queryByLabelText(/^كلمة المرور الحالية/)).toBeNull();
    expect(card.getByRole('link', { name: 'إنشاء كلمة مرور' }).getAttribute('href')).toBe('/forget-password');
  });
});
