import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import {
  cairoAt,
  makeFreeTimes,
  makeLesson,
  makeSubscription,
  makeTutorProfile,
} from '../../testing/booking-fixtures.ts';
import { makeNotificationPreferences, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const student = makeUser();
const tomorrowTen = cairoAt(1, 10);
const tomorrowHalfTen = cairoAt(1, 10, 30);

function stubBooking(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile() }),
      'GET /api/v1/rating/list/tutor/21': () => ({
        body: { total: 0, summary: { average: null, count: 0 }, list: [] },
      }),
      'GET /api/v1/sub/user': () => ({ body: makeSubscription({ remainingWeeklyMinutes: 45 }) }),
      'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
      'GET /api/v1/availability-slot/free': (_init, url) => {
        const week = { startsAt: cairoAt(-1, 6), endsAt: cairoAt(5, 6), remainingMinutes: 45 };
        return url.searchParams.get('durationMinutes') === '15'
          ? { body: makeFreeTimes(15, [tomorrowTen, cairoAt(1, 10, 15), tomorrowHalfTen], week) }
          : { body: makeFreeTimes(30, [tomorrowTen, tomorrowHalfTen], week) };
      },
      ...overrides,
    },
    student,
  );
}

/** Opens the dialog and walks date → duration → time → confirmation. */
async function walkToConfirmation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
  const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع ياسمين فؤاد' });
  expect(await within(dialog).findByText(/متبقٍ لك ٤٥ دقيقة هذا الأسبوع/)).toBeTruthy();
  // date: only days with free times can be chosen
  const days = within(dialog).getAllByRole('radio');
  const open = days.filter((radio) => !(radio as HTMLInputElement).disabled);
  expect(open).toHaveLength(1);
  expect(days.length).toBeGreaterThan(1);
  await user.click(open[0] as HTMLElement);
  await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
  // duration: 15 or 30
  await user.click(within(dialog).getByRole('radio', { name: /٣٠ دقيقة/ }));
  await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
  // time: only the server's free times
  const times = within(dialog).getAllByRole('radio');
  expect(times).toHaveLength(2);
  await user.click(within(dialog).getByRole('radio', { name: '١٠:٣٠ ص' }));
  await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
  return dialog;
}

describe('book-lesson dialog', () => {
  it('books a 30-minute lesson after showing the minutes left, and links to it', async () => {
    const { calls } = stubBooking({
      'POST /api/v1/lesson/': () => ({
        status: 201,
        body: makeLesson({ id: 777, startsAt: tomorrowHalfTen, durationMinutes: 30 }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    expect(within(dialog).getByText('المتبقي بعد الحجز').nextElementSibling?.textContent).toBe('١٥ دقيقة');
    expect(within(dialog).getByText('ياسمين فؤاد')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect(await within(dialog).findByText('تم حجز الدرس')).toBeTruthy();
    expect(within(dialog).getByText(/متبقٍ لك ١٥ دقيقة هذا الأسبوع/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'عرض الدرس' }).getAttribute('href')).toBe('/lesson/777');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/lesson/')?.body).toEqual({
      tutorId: 21,
      startsAt: tomorrowHalfTen,
      durationMinutes: 30,
    });
  });

  describe('after her first booking, while she has not chosen how to be told', () => {
    const newcomer = makeUser({ notificationMethod: 'none' });
    const bookAsNewcomer = (handlers: Parameters<typeof stubApi>[0]) =>
      stubBooking({
        'GET /api/v1/user/current': () => ({ body: newcomer }),
        'GET /api/v1/user/notification-preferences': () => ({ body: makeNotificationPreferences(newcomer) }),
        'POST /api/v1/lesson/': () => ({ status: 201, body: makeLesson({ id: 778, startsAt: tomorrowHalfTen }) }),
        ...handlers,
      });

    async function booked(user: ReturnType<typeof userEvent.setup>) {
      renderApp('/t/21', { user: newcomer });
      const dialog = await walkToConfirmation(user);
      await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
      return within(await screen.findByRole('region', { name: 'كيف نبلغك بدروسك؟' }));
    }

    it('asks, with WhatsApp preselected once her phone is verified, and saves her choice', async () => {
      const saved = makeNotificationPreferences(newcomer, {
        channel: 'email',
        chosen: true,
        suggestedChannel: 'email',
      });
      const { calls } = bookAsNewcomer({ 'PUT /api/v1/user/notification-preferences': () => ({ body: saved }) });
      const user = userEvent.setup();
      const prompt = await booked(user);
      const channel = prompt.getByLabelText('طريقة استلام الإشعارات') as HTMLSelectElement;
      expect(channel.value).toBe('whatsapp');
      await user.selectOptions(channel, 'email');
      await user.click(prompt.getByRole('checkbox', { name: 'تذكير قبل الدرس بيوم' }));
      await user.click(prompt.getByRole('button', { name: 'حفظ' }));
      expect(await screen.findByText('حفظنا اختيارك، ويمكنك تغييره من الإعدادات.')).toBeTruthy();
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toEqual({
        channel: 'email',
        kinds: { lessonReminderDay: false, lessonReminderHour: true, subscriptionEnding: true },
      });
    });

    it('closes for good with "not now"', async () => {
      const { calls } = bookAsNewcomer({
        'POST /api/v1/user/notification-preferences/dismiss-prompt': () => ({ body: { ok: true } }),
      });
      const user = userEvent.setup();
      const prompt = await booked(user);
      await user.click(prompt.getByRole('button', { name: 'ليس الآن' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'كيف نبلغك بدروسك؟' })).toBeNull());
      expect(calls.some((c) => c.path === '/api/v1/user/notification-preferences/dismiss-prompt')).toBe(true);
    });
  });

  it('shows a taken time inline and goes back to fresh free times', async () => {
    const { calls } = stubBooking({
      'POST /api/v1/lesson/': () => ({ status: 409, body: { code: 'busy-tutor', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    const freeCallsBefore = calls.filter((c) => c.path === '/api/v1/availability-slot/free').length;
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['busy-tutor']);
    await user.click(within(dialog).getByRole('button', { name: 'اختر موعدًا آخر' }));
    expect(await within(dialog).findByRole('radio', { name: '١٠:٠٠ ص' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/availability-slot/free').length).toBeGreaterThan(freeCallsBefore),
    );
  });

  it.each([
    ['week-boundaries-violation', 'اختر يومًا آخر', 'اختر يوم الدرس'],
    ['subscription-paused', 'اختر يومًا آخر', 'اختر يوم الدرس'],
    ['lesson-length-unavailable', 'اختر مدة أخرى', 'اختر مدة الدرس'],
  ] as const)('after %s goes back to the step that can change (%s)', async (code, button, step) => {
    stubBooking({ 'POST /api/v1/lesson/': () => ({ status: 422, body: { code, message: 'x' } }) });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR[code]);
    await user.click(within(dialog).getByRole('button', { name: button }));
    expect(await within(dialog).findByRole('group', { name: step })).toBeTruthy();
  });

  it.each([
    ['subscription-required', 'عرض الباقات', '/plans'],
    ['no-enough-minutes', 'عرض الباقات', '/plans'],
    ['unverified-phone', 'تأكيد بياناتي', '/profile'],
    ['reached-booking-limit', 'دروسي القادمة', '/upcoming-lessons'],
  ] as const)('shows %s inline with a way on', async (code, linkName, href) => {
    stubBooking({ 'POST /api/v1/lesson/': () => ({ status: 422, body: { code, message: 'x' } }) });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR[code]);
    expect(within(dialog).getByRole('link', { name: linkName }).getAttribute('href')).toBe(href);
  });

  it('asks for a plan first when there is no subscription (id -1)', async () => {
    stubBooking({
      'GET /api/v1/sub/user': () => ({
        body: { id: -1, status: 'none', weeklyMinutes: 0, remainingWeeklyMinutes: 0 },
      }),
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(ERROR_MESSAGES_AR['subscription-required'])).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'عرض الباقات' }).getAttribute('href')).toBe('/plans');
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('offers only the length the tutor teaches, chosen and said', async () => {
    stubBooking({
      'GET /api/v1/availability-slot/free': (_init, url) => {
        const week = { startsAt: cairoAt(-1, 6), endsAt: cairoAt(5, 6), remainingMinutes: 45 };
        return url.searchParams.get('durationMinutes') === '15'
          ? { body: makeFreeTimes(15, [], week, [30]) }
          : { body: makeFreeTimes(30, [tomorrowTen, tomorrowHalfTen], week, [30]) };
      },
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
    const dialog = await screen.findByRole('dialog');
    // the days come from the 30-minute times, since the tutor has no 15-minute ones
    const open = (await within(dialog).findAllByRole('radio')).filter((r) => !(r as HTMLInputElement).disabled);
    expect(open).toHaveLength(1);
    await user.click(open[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    const lengths = within(dialog).getByRole('group', { name: 'اختر مدة الدرس' });
    const choices = within(lengths).getAllByRole('radio') as HTMLInputElement[];
    expect(choices.map((c) => [c.value, c.checked])).toEqual([['30', true]]);
    expect(lengths.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(lengths).getByText('يقدّم ياسمين فؤاد دروسًا مدتها ٣٠ دقيقة فقط، لذلك اخترناها لك.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
  });

  it('does not offer a length the remaining minutes cannot pay for', async () => {
    stubBooking({
      'GET /api/v1/availability-slot/free': (_init, url) => {
        const week = { startsAt: cairoAt(-1, 6), endsAt: cairoAt(5, 6), remainingMinutes: 15 };
        return url.searchParams.get('durationMinutes') === '15'
          ? { body: makeFreeTimes(15, [tomorrowTen], week) }
          : { body: makeFreeTimes(30, [tomorrowTen], week) };
      },
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
    const dialog = await screen.findByRole('dialog');
    const open = (await within(dialog).findAllByRole('radio')).find((r) => !(r as HTMLInputElement).disabled);
    await user.click(open as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect((within(dialog).getByRole('radio', { name: /٣٠ دقيقة/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('دقائقك المتبقية لا تكفي')).toBeTruthy();
  });

  it('says before confirming until when the lesson can be cancelled', async () => {
    stubBooking();
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    // Tomorrow 10:30 is more than the 6-hour window away: cancellable until 04:30 Cairo.
    expect(
      within(dialog).getByText(/^يمكنك إلغاء هذا الدرس أو تغيير موعده حتى .*٤:٣٠ ص، وبعد ذلك لا يمكن إلغاؤه\.$/),
    ).toBeTruthy();
  });

  it('tells a lesson booked inside the window that it can be cancelled only for the grace after booking', async () => {
    // Two hours from now, on the quarter hour: inside the 6-hour window, past the 30-minute notice.
    const soon = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 900_000) * 900_000).toISOString();
    stubBooking({
      'GET /api/v1/availability-slot/free': (_init, url) => {
        const week = { startsAt: cairoAt(-1, 6), endsAt: cairoAt(5, 6), remainingMinutes: 45 };
        return { body: makeFreeTimes(url.searchParams.get('durationMinutes') === '15' ? 15 : 30, [soon], week) };
      },
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
    const dialog = await screen.findByRole('dialog');
    const open = (await within(dialog).findAllByRole('radio')).find((r) => !(r as HTMLInputElement).disabled);
    await user.click(open as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    await user.click(within(dialog).getByRole('radio', { name: /٣٠ دقيقة/ }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    await user.click(within(dialog).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    // Ten minutes after now (or after a minute ago, should the clock have turned since the dialog rendered).
    const time = new Intl.DateTimeFormat('ar-EG', { timeZone: 'Africa/Cairo', hour: 'numeric', minute: '2-digit' });
    const late = (until: number) =>
      `يبدأ هذا الدرس خلال مهلة الإلغاء، لذا يمكنك إلغاؤه أو تغيير موعده حتى الساعة ${time.format(until)} فقط، وبعد ذلك لا يمكن إلغاؤه.`;
    const said = [late(Date.now() + 10 * 60_000), late(Date.now() + 9 * 60_000)];
    expect(within(dialog).getByText((text) => said.includes(text))).toBeTruthy();
  });

  it('tells the one-pending-lesson rule as it opens, links to that lesson and keeps confirm disabled', async () => {
    const held = makeLesson({ id: 900, startsAt: cairoAt(2, 10) });
    const { calls } = stubBooking({ 'GET /api/v1/lesson/list/': () => ({ body: { total: 1, list: [held] } }) });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('لديك درس محجوز لم يُعقد بعد')).toBeTruthy();
    expect(
      within(dialog).getByText(/يمكنك حجز درس واحد في كل مرة\. درسك مع ياسمين فؤاد .*: ألغِه أو غيّر موعده قبل/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'عرض درسي المحجوز' }).getAttribute('href')).toBe('/lesson/900');
    const listCall = calls.find((c) => c.path === '/api/v1/lesson/list/');
    expect(listCall).toBeTruthy();
    await user.click(
      within(dialog)
        .getAllByRole('radio')
        .find((r) => !(r as HTMLInputElement).disabled) as HTMLElement,
    );
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    await user.click(within(dialog).getByRole('radio', { name: /٣٠ دقيقة/ }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    await user.click(within(dialog).getByRole('radio', { name: '١٠:٣٠ ص' }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect((within(dialog).getByRole('button', { name: 'تأكيد الحجز' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps confirm disabled after a refusal until the time changes', async () => {
    const { calls } = stubBooking({
      'POST /api/v1/lesson/': () => ({ status: 409, body: { code: 'conflicting-lessons', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    const dialog = await walkToConfirmation(user);
    const confirm = () => within(dialog).getByRole('button', { name: 'تأكيد الحجز' }) as HTMLButtonElement;
    await user.click(confirm());
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['conflicting-lessons']);
    expect(confirm().disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'السابق' }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect(confirm().disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'السابق' }));
    await user.click(within(dialog).getByRole('radio', { name: '١٠:٠٠ ص' }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(confirm().disabled).toBe(false);
    expect(calls.filter((c) => c.method === 'POST').length).toBe(1);
  });
});
