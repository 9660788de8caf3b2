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
