import type { Overview } from '@darsak/domain/overview';
import { Role } from '@darsak/domain/users';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';

configure({ asyncUtilTimeout: 5000 });

const zeroLessons = { booked: 0, held: 0, cancelled: 0, tutorNoShows: 0 };
const overview: Overview = {
  asOf: '2026-03-04T08:00:00.000Z',
  revenue: {
    today: { paidPiastres: 50_000, refundedPiastres: 10_000, netPiastres: 40_000 },
    week: { paidPiastres: 90_000, refundedPiastres: 10_000, netPiastres: 80_000 },
    month: { paidPiastres: 80_000, refundedPiastres: 10_000, netPiastres: 70_000 },
  },
  subscriptions: { total: 2, byPlan: [{ planId: 1, nameAr: 'ستون دقيقة', nameEn: 'Sixty minutes', count: 2 }] },
  newStudents: { today: 1, week: 2 },
  lessons: {
    today: { booked: 2, held: 0, cancelled: 1, tutorNoShows: 1 },
    week: { ...zeroLessons, booked: 5, held: 3 },
  },
  supply: [
    { range: 'today', openMinutes: 180, bookedMinutes: 30 },
    { range: 'tomorrow', openMinutes: 60, bookedMinutes: 15 },
    { range: 'next7Days', openMinutes: 240, bookedMinutes: 45 },
  ],
  onboarding: [
    { step: 'profile', tutors: 3 },
    { step: 'introVideo', tutors: 1 },
    { step: 'interview', tutors: 0 },
    { step: 'demoSession', tutors: 0 },
    { step: 'photoSession', tutors: 2 },
    { step: 'activated', tutors: 0 },
  ],
  withdrawals: { waiting: 1, amountPiastres: 15_000 },
  daily: Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 1, 3 + i)).toISOString().slice(0, 10),
    netPiastres: i === 29 ? 40_000 : 0,
    lessonsHeld: i === 29 ? 0 : 1,
  })),
};

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin "/"', { timeout: 20_000 }, () => {
  it("shows an admin the operator's figures and reads them again on demand", async () => {
    const calls = stubApi(staffUser(Role.admin), { 'GET /api/v1/overview': () => ({ body: overview }) });
    renderAdmin('/', staffUser(Role.admin));
    const revenue = (await screen.findByRole('heading', { name: 'الإيرادات' })).closest('section');
    if (!revenue) throw new Error('no revenue card');
    expect(within(revenue).getByText('اليوم').nextSibling?.textContent).toMatch(/٤٠٠/);
    const lessons = screen.getByRole('table', { name: 'الدروس' });
    const today = within(lessons).getByText('اليوم').closest('tr');
    expect(today?.textContent).toContain('٢');
    expect(screen.getByText('مفتوح: ٣ ساعات')).toBeTruthy();
    expect(screen.getByText(/^طلب واحد بإجمالي .*١٥٠/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مراجعة الطلبات' }).getAttribute('href')).toBe('/invoices');
    expect(screen.getByText('ستون دقيقة')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'صافي الإيرادات يوميًا في آخر ٣٠ يومًا' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('٤٠٠'))).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'تحديث الأرقام' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/overview')).toHaveLength(2));
  });

  it('offers a retry when the figures cannot be read', async () => {
    stubApi(staffUser(Role.admin), { 'GET /api/v1/overview': () => ({ status: 500, body: { code: 'unexpected' } }) });
    renderAdmin('/', staffUser(Role.admin));
    expect(await screen.findByText('تعذّر تحميل الأرقام.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });

  it('shows an admin what waits, with counts linking to where it is done, and warns when no interview time is open', async () => {
    const page = (total: number) => () => ({ body: { total, list: [] } });
    const calls = stubApi(staffUser(Role.admin), {
      'GET /api/v1/overview': () => ({ body: overview }),
      'GET /api/v1/intro-video/list': page(3),
      'GET /api/v1/interview/list/': page(2),
      'GET /api/v1/demo-session/list': page(0),
      'GET /api/v1/user/tutor/all/for/studio': page(4),
      'GET /api/v1/user/interviewer/select': () => ({
        body: [{ interviewer: { id: 40, name: 'منى عبد الرحمن', image: null }, freeTimes: [] }],
      }),
    });
    renderAdmin('/', staffUser(Role.admin));
    const waits = (await screen.findByRole('heading', { name: 'ما ينتظرك' })).closest('section');
    if (!waits) throw new Error('no waits');
    const link = async (name: RegExp) => (await within(waits).findByRole('link', { name })).getAttribute('href');
    expect(await link(/^٣ فيديوهات تعريفية تنتظر المراجعة$/)).toBe('/interviews?tab=introVideos');
    expect(await link(/^٢ مقابلات تنتظر القرار$/)).toBe('/interviews?tab=interview');
    expect(await link(/^٠ جلسات تجريبية تنتظر القرار$/)).toBe('/interviews?tab=demoSession');
    expect(await link(/^٤ جلسات تصوير لم تُنجز$/)).toBe('/photo-sessions');
    expect(await within(waits).findByText('لا مواعيد مقابلات متاحة للمتقدّمين')).toBeTruthy();
    const hours = within(waits).getByRole('link', { name: 'صفحة ساعات المقابلات في التطبيق الرئيسي' });
    expect(hours.getAttribute('href')).toMatch(/\/schedule-management$/);
    const query = (path: string) => calls.find((c) => c.path === path)?.query.toString();
    expect(query('/api/v1/intro-video/list')).toBe('page=1&size=1&status=pending');
    expect(query('/api/v1/interview/list/')).toBe('page=1&size=1&when=toDecide');
  });

  it('shows a tutor manager their decisions and videos, and that their own interview hours are missing', async () => {
    const manager = staffUser(Role.tutorManager);
    const page = (total: number) => () => ({ body: { total, list: [] } });
    const calls = stubApi(manager, {
      'GET /api/v1/intro-video/list': page(1),
      'GET /api/v1/interview/list/': page(0),
      'GET /api/v1/demo-session/list': page(1),
      'GET /api/v1/availability-slot/': () => ({ body: { total: 0, list: [], lessonLengths: [30] } }),
    });
    renderAdmin('/', manager);
    expect(await screen.findByText('لم تُضف ساعات مقابلاتك بعد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'أضف ساعات مقابلاتك' }).getAttribute('href')).toMatch(
      /\/schedule-management$/,
    );
    expect(await screen.findByRole('link', { name: /^١ فيديوهات تعريفية/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /جلسات تصوير/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/user/tutor/all/for/studio')).toBe(false);
    expect(calls.some((c) => c.path === '/api/v1/user/interviewer/select')).toBe(false);
  });

  it('welcomes other staff with links to their own pages, without asking for the figures', async () => {
    const studio = staffUser(Role.studio);
    const calls = stubApi(studio, {});
    renderAdmin('/', studio);
    const pages = (await screen.findByRole('heading', { name: 'صفحاتك' })).closest('section');
    if (!pages) throw new Error('no pages card');
    expect(within(pages).getByRole('link', { name: 'جلسات التصوير' }).getAttribute('href')).toBe('/photo-sessions');
    expect(calls.some((c) => c.path === '/api/v1/overview')).toBe(false);
  });
});
