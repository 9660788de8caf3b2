import type { StaffTutor, StaffTutorDetail } from '@darsak/domain/tutors';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_URL } from '../../config/env.ts';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';

configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const tutor: StaffTutor = {
  id: 7,
  name: 'سارة محمود',
  email: 'sara@example.com',
  phone: '01012345678',
  image: null,
  stage: 'onboarded',
  activated: true,
  bypassOnboarding: false,
  disabled: false,
  noticePeriodMinutes: 30,
  ratePerMinutePiastres: null,
  rating: { average: 4.5, count: 2 },
  lessons: 12,
  earningsPiastres: 90_000,
  createdAt: '2025-01-01T10:00:00.000Z',
};
const detail: StaffTutorDetail = {
  ...tutor,
  bio: null,
  about: null,
  steps: (['profile', 'introVideo', 'interview', 'demoSession', 'photoSession', 'activated'] as const).map((step) => ({
    step,
    state: 'done',
    at: '2025-01-02T10:00:00.000Z',
    reapplyAt: null,
    appointmentId: null,
  })),
  defaultRatePerMinutePiastres: 250,
  upcomingLessons: 2,
  tutoringMinutes: { totalMinutes: 360, last7DaysMinutes: 30, last30DaysMinutes: 120, upcomingMinutes: 60 },
};
const empty = () => ({ body: { total: 0, list: [] } });

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The calls of the /tutor/7 page besides the tutor itself. */
const tutorPageCalls = {
  'GET /api/v1/invoice/stats/7': () => ({
    body: {
      tutorId: 7,
      earnedPiastres: 90_000,
      reservedPiastres: 10_000,
      paidOutPiastres: 20_000,
      availablePiastres: 60_000,
      fulfilledLessons: 12,
      weekly: [],
    },
  }),
  'GET /api/v1/user/tutor/activity/7': () => ({
    body: { tutorId: 7, from: '2025-03-01', to: '2025-03-30', list: [{ date: '2025-03-05', lessons: 2, minutes: 60 }] },
  }),
  'GET /api/v1/rating/list/tutor/7': () => ({ body: { total: 0, list: [], summary: tutor.rating } }),
  'GET /api/v1/lesson/list/': empty,
  'GET /api/v1/audit-log/list': empty,
  'GET /api/v1/user/tutor/stats/7': () => ({
    body: {
      tutorId: 7,
      lessons: 12,
      students: 5,
      teachingMinutes: 360,
      upcomingLessons: 2,
      incomePiastres: 90_000,
      rating: tutor.rating,
    },
  }),
};

describe('admin /tutors and /tutor/{id}', { timeout: 20_000 }, () => {
  it('lists tutors with their stage, searches and filters on the server, switches lists and remembers the page size', async () => {
    const calls = stubApi(admin, {
      'GET /api/v1/user/tutor/list/all': () => ({ body: { total: 1, list: [tutor] } }),
      'GET /api/v1/user/tutor/list/uncontacted': empty,
    });
    const user = userEvent.setup();
    renderAdmin('/tutors', admin);
    const table = await screen.findByRole('table', { name: 'المعلّمون' });
    expect(within(table).getByRole('link', { name: 'سارة محمود' }).getAttribute('href')).toBe('/tutor/7');
    expect(within(table).getByText('أتمّ الانضمام')).toBeTruthy();

    await user.type(screen.getByLabelText(/^بحث/), 'sara');
    await user.selectOptions(screen.getByLabelText(/^التفعيل/), 'yes');
    await user.selectOptions(screen.getByLabelText(/^عدد الصفوف في الصفحة/), '50');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/v1/user/tutor/list/all').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        q: 'sara',
        activated: 'yes',
        sort: 'newest',
        page: '1',
        size: '50',
      });
    });
    expect(localStorage.getItem('darsak.admin.pageSize.tutors')).toBe('50');

    await user.selectOptions(screen.getByLabelText(/^نوع القائمة/), 'uncontacted');
    expect(await screen.findByText('لا يوجد معلّمون يطابقون هذا البحث.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/user/tutor/list/uncontacted')).toBe(true);
  });

  it("shows each tutor's photo from the API's address (uploads are the API's files, not the admin app's)", async () => {
    stubApi(admin, {
      'GET /api/v1/user/tutor/list/all': () => ({
        body: { total: 1, list: [{ ...tutor, image: '/assets/uploads/sara.jpg' }] },
      }),
    });
    renderAdmin('/tutors', admin);
    const table = await screen.findByRole('table', { name: 'المعلّمون' });
    const photo = await waitFor(() => {
      const img = table.querySelector('img');
      if (!img) throw new Error('no photo yet');
      return img;
    });
    expect(photo.getAttribute('src')).toBe(new URL('/assets/uploads/sara.jpg', API_URL).toString());
  });

  it('deactivates only after a reason, and asks whether to cancel the booked lessons', async () => {
    let current = detail;
    const calls = stubApi(admin, {
      ...tutorPageCalls,
      'GET /api/v1/user/tutor/7/staff': () => ({ body: current }),
      'PUT /api/v1/user/tutor/7/activated': () => {
        current = { ...current, activated: false, upcomingLessons: 0 };
        return { body: { tutor: current, cancelledLessons: 2 } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/tutor/7', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'سارة محمود' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /إجراءات الحساب/ }).getAttribute('href')).toBe('/user/7');
    expect(await screen.findByText(/٦٠٠/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'إيقاف تفعيل المعلّم' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف تفعيل سارة محمود؟' });
    await user.click(within(dialog).getByRole('checkbox', { name: /ألغِ أيضًا دروسه المحجوزة/ }));
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف تفعيل المعلّم' }));
    expect(await within(dialog).findByText('اكتب السبب في ٣ إلى ٥٠٠ حرف.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^السبب/), 'طلب المعلّم التوقف');
    await user.click(within(dialog).getByRole('button', { name: 'إيقاف تفعيل المعلّم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      activated: false,
      cancelBookedLessons: true,
      reason: 'طلب المعلّم التوقف',
    });
    expect(await screen.findByRole('button', { name: 'تفعيل المعلّم' })).toBeTruthy();
  });

  it('shows whom and how much the tutor taught, from the tutor stats', async () => {
    stubApi(admin, { ...tutorPageCalls, 'GET /api/v1/user/tutor/7/staff': () => ({ body: detail }) });
    renderAdmin('/tutor/7', admin);
    const card = (await screen.findByRole('heading', { name: 'الطلاب والدروس' })).closest('section') as HTMLElement;
    const tile = async (label: string) => (await within(card).findByText(label)).nextElementSibling?.textContent;
    expect(await tile('الطلاب')).toBe('٥');
    expect(await tile('الدروس المنجزة')).toBe('١٢');
    expect(await tile('وقت التدريس')).toBe('٣٦٠ دقيقة');
    expect(await tile('الدروس القادمة')).toBe('٢');
  });

  it('checks the rate and notice before asking for the reason, and sends only what changed', async () => {
    const calls = stubApi(admin, {
      ...tutorPageCalls,
      'GET /api/v1/user/tutor/7/staff': () => ({ body: detail }),
      'PATCH /api/v1/user/tutor/7/terms': (body) => ({ body: { ...detail, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderAdmin('/tutor/7', admin);
    await user.click(await screen.findByRole('button', { name: 'تعديل السعر والمهلة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل شروط سارة محمود' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'استخدم سعر المنصّة' }));
    await user.type(within(dialog).getByLabelText(/^سعر المعلّم لكل دقيقة/), '2.555');
    await user.type(within(dialog).getByLabelText(/^السبب/), 'اتفاق جديد مع المعلّم');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await within(dialog).findByText(/اكتب سعرًا من/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    const rate = within(dialog).getByLabelText(/^سعر المعلّم لكل دقيقة/);
    await user.clear(rate);
    await user.type(rate, '3.5');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      ratePerMinutePiastres: 350,
      reason: 'اتفاق جديد مع المعلّم',
    });
  });

  it('says when the tutor is not found', async () => {
    stubApi(admin, {
      'GET /api/v1/user/tutor/9/staff': () => ({ status: 404, body: { code: 'tutor-not-found', message: 'x' } }),
    });
    renderAdmin('/tutor/9', admin);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى المعلّمين' }).getAttribute('href')).toBe('/tutors');
  });
});
