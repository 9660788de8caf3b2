import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { cairoAt } from '../../testing/booking-fixtures.ts';
import { makeTutorMeta, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const tutor = makeUser({ id: 21, role: 3, name: 'ياسمين فؤاد' });
const meta = makeTutorMeta({ userId: 21, activated: true });
const schedule = {
  total: 2,
  list: [
    { id: 1, weekday: 6, startMinute: 600, endMinute: 780 },
    { id: 2, weekday: 1, startMinute: 1140, endMinute: 1320 },
  ],
  lessonLengths: [15, 30],
};
/** The saved week echoed back as the server would. */
const echo = (init?: RequestInit) => {
  const body = JSON.parse(String(init?.body)) as { slots: object[]; lessonLengths: number[] };
  return {
    body: {
      total: body.slots.length,
      list: body.slots.map((s, i) => ({ id: 10 + i, ...s })),
      lessonLengths: body.lessonLengths,
    },
  };
};

describe('/schedule-management', () => {
  it('speaks of interviews to a tutor manager, and warns while they have no interview hours', async () => {
    const manager = makeUser({ id: 31, role: 5, name: 'هالة سمير' });
    const managerMeta = makeTutorMeta({ userId: 31, activated: true });
    const { calls } = stubApi(
      {
        'GET /api/v1/availability-slot/': () => ({ body: { total: 0, list: [], lessonLengths: [30] } }),
        'POST /api/v1/availability-slot/': echo,
      },
      manager,
      managerMeta,
    );
    const user = userEvent.setup();
    renderApp('/schedule-management', { user: manager, meta: managerMeta });
    expect(await screen.findByRole('heading', { name: 'ساعات المقابلات', level: 1 })).toBeTruthy();
    expect(await screen.findByText('لا ساعات للمقابلات بعد')).toBeTruthy();
    expect(screen.getByText(/يحجز المتقدمون مقابلات وجلسات تجريبية/)).toBeTruthy();
    expect(screen.getAllByText('لا مقابلات في هذا اليوم.')).toHaveLength(7);
    expect(screen.queryByText(/الطلاب/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'مدة الحصص' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'إضافة فترة يوم الأحد' }));
    const sunday = screen.getByRole('group', { name: 'فترات يوم الأحد' });
    await user.selectOptions(within(sunday).getByLabelText(/^من/), '٥:٠٠ م');
    await user.selectOptions(within(sunday).getByLabelText(/^إلى/), '٧:٠٠ م');
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    expect(await screen.findByText('تم حفظ ساعات المقابلات')).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/availability-slot/')?.body;
    expect(body).toEqual({ slots: [{ weekday: 0, startMinute: 1020, endMinute: 1140 }], lessonLengths: [30] });
  });

  it('adds a span and saves the whole week', async () => {
    const { calls } = stubApi(
      {
        'GET /api/v1/availability-slot/': () => ({ body: schedule }),
        'POST /api/v1/availability-slot/': echo,
      },
      tutor,
      meta,
    );
    const user = userEvent.setup();
    renderApp('/schedule-management', { user: tutor, meta });
    expect(await screen.findByText(/مجموع أوقاتك: ٦ ساعات أسبوعيًا/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إضافة فترة يوم الأحد' }));
    const sunday = screen.getByRole('group', { name: 'فترات يوم الأحد' });
    await user.selectOptions(within(sunday).getByLabelText(/^من/), '٩:٠٠ ص');
    await user.selectOptions(within(sunday).getByLabelText(/^إلى/), '١١:٠٠ ص');
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    expect(await screen.findByText('تم حفظ جدولك الأسبوعي')).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/availability-slot/')?.body;
    expect(body).toEqual({
      slots: [
        { weekday: 6, startMinute: 600, endMinute: 780 },
        { weekday: 1, startMinute: 1140, endMinute: 1320 },
        { weekday: 0, startMinute: 540, endMinute: 660 },
      ],
      lessonLengths: [15, 30],
    });
  });

  it('saves the lesson lengths with the week, and keeps at least one', async () => {
    const { calls } = stubApi(
      { 'GET /api/v1/availability-slot/': () => ({ body: schedule }), 'POST /api/v1/availability-slot/': echo },
      tutor,
      meta,
    );
    const user = userEvent.setup();
    renderApp('/schedule-management', { user: tutor, meta });
    const lengths = await screen.findByRole('group', { name: 'مدة الحصص' });
    const short = within(lengths).getByRole('checkbox', { name: '١٥ دقيقة' }) as HTMLInputElement;
    const long = within(lengths).getByRole('checkbox', { name: '٣٠ دقيقة' }) as HTMLInputElement;
    await waitFor(() => expect([short.checked, long.checked]).toEqual([true, true]));
    // Both off: refused before sending, the message read with the group.
    await user.click(short);
    await user.click(long);
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    const message = await within(lengths).findByText(FIELD_MESSAGES_AR['lesson-lengths-required']);
    expect(lengths.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls.some((c) => c.path === '/api/v1/availability-slot/' && c.method === 'POST')).toBe(false);
    // 30 minutes only: saved with the week.
    await user.click(long);
    expect(within(lengths).queryByText(FIELD_MESSAGES_AR['lesson-lengths-required'])).toBeNull();
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    expect(await screen.findByText('تم حفظ جدولك الأسبوعي')).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/availability-slot/')?.body;
    expect(body).toMatchObject({ lessonLengths: [30] });
  });

  it('checks each span before saving', async () => {
    const { calls } = stubApi({ 'GET /api/v1/availability-slot/': () => ({ body: schedule }) }, tutor, meta);
    const user = userEvent.setup();
    renderApp('/schedule-management', { user: tutor, meta });
    const saturday = await screen.findByRole('group', { name: 'فترات يوم السبت' });
    // the group renders before the saved schedule arrives: wait for its span
    await user.selectOptions(await within(saturday).findByLabelText(/^إلى/), '٩:٠٠ ص');
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    expect(await within(saturday).findByText(FIELD_MESSAGES_AR['slot-range'])).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/availability-slot/' && c.method === 'POST')).toBe(false);
  });

  it('is blocked by booked lessons and lists them', async () => {
    const startsAt = cairoAt(3, 10);
    stubApi(
      {
        'GET /api/v1/availability-slot/': () => ({ body: schedule }),
        'POST /api/v1/availability-slot/': () => ({
          status: 409,
          body: {
            code: 'conflicting-schedule',
            message: 'x',
            details: {
              lessons: [
                { id: 501, studentId: 7, startsAt, endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString() },
              ],
            },
          },
        }),
      },
      tutor,
      meta,
    );
    const user = userEvent.setup();
    renderApp('/schedule-management', { user: tutor, meta });
    await user.click(await screen.findByRole('button', { name: 'حذف الفترة ١ يوم السبت' }));
    await user.click(screen.getByRole('button', { name: 'حفظ الجدول' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES_AR['conflicting-schedule']);
    await waitFor(() => expect(within(notice).getByRole('link').getAttribute('href')).toBe('/lesson/501'));
  });
});
