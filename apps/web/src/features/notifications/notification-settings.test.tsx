import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { cardTitled, makeNotificationPreferences, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const card = () => cardTitled('الإشعارات');

describe('notification settings', () => {
  it('offers WhatsApp only once the phone is verified, and says what always comes by e-mail', async () => {
    const student = makeUser({ notificationMethod: 'none', phoneVerified: false });
    stubApi({}, student);
    renderApp('/s/settings', { user: student });
    const settings = await card();
    const channel = (await settings.findByLabelText('طريقة استلام الإشعارات')) as HTMLSelectElement;
    expect(channel.value).toBe('email');
    const whatsapp = within(channel).getByRole('option', {
      name: 'واتساب (بعد تأكيد رقم موبايلك)',
    }) as HTMLOptionElement;
    expect(whatsapp.disabled).toBe(true);
    expect(settings.getByText(/تصلك دائمًا بالبريد الإلكتروني/)).toBeTruthy();
  });

  it('does not offer WhatsApp while the platform sends no notices by it, verified phone or not', async () => {
    const student = makeUser({ notificationMethod: 'none', phoneVerified: true });
    stubApi(
      {
        'GET /api/v1/user/notification-preferences': () => ({
          body: makeNotificationPreferences(student, { whatsappOffered: false, suggestedChannel: 'email' }),
        }),
      },
      student,
    );
    renderApp('/s/settings', { user: student });
    const settings = await card();
    const channel = (await settings.findByLabelText('طريقة استلام الإشعارات')) as HTMLSelectElement;
    expect(channel.value).toBe('email');
    const whatsapp = within(channel).getByRole('option', { name: 'واتساب (غير متاح حاليًا)' }) as HTMLOptionElement;
    expect(whatsapp.disabled).toBe(true);
  });

  it('turns every reminder off with "no notifications" and saves the choice', async () => {
    const student = makeUser({ notificationMethod: 'whatsapp' });
    const { calls } = stubApi(
      {
        'PUT /api/v1/user/notification-preferences': () => ({
          body: makeNotificationPreferences(student, { channel: 'none' }),
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const settings = await card();
    await user.selectOptions(await settings.findByLabelText('طريقة استلام الإشعارات'), 'none');
    const dayBefore = settings.getByRole('checkbox', { name: 'تذكير قبل الدرس بيوم' }) as HTMLInputElement;
    expect(dayBefore.disabled || dayBefore.closest('fieldset')?.disabled).toBe(true);
    expect(settings.getByText(/يوقف التذكيرات والتنبيهات كلها/)).toBeTruthy();
    await user.click(settings.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم الحفظ')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ channel: 'none' });
  });

  it('shows a coded refusal inline and keeps the form', async () => {
    const student = makeUser({ notificationMethod: 'email' });
    stubApi(
      {
        'PUT /api/v1/user/notification-preferences': () => ({
          status: 422,
          body: { code: 'unverified-phone', message: '' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/s/settings', { user: student });
    const settings = await card();
    await user.click(await settings.findByRole('button', { name: 'حفظ' }));
    expect(await settings.findByText(ERROR_MESSAGES_AR['unverified-phone'])).toBeTruthy();
  });

  it('says so when the settings cannot be loaded', async () => {
    const student = makeUser();
    stubApi(
      { 'GET /api/v1/user/notification-preferences': () => ({ status: 500, body: { code: 'unexpected' } }) },
      student,
    );
    renderApp('/s/settings', { user: student });
    expect(await (await card()).findByText('تعذّر تحميل إعدادات الإشعارات.')).toBeTruthy();
  });
});
