import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeLesson, makeSubscription } from '../../testing/booking-fixtures.ts';
import { makeTutorMeta, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const studentStats = {
  studentId: 7,
  lessons: { fulfilled: 4, upcoming: 1, cancelled: 2 },
  tutors: 3,
  learnedMinutes: 105,
  weeklyMinutes: 120,
  remainingWeeklyMinutes: 90,
  weekEndsAt: null,
};

describe('/s/dashboard', () => {
  it('shows the remaining weekly minutes, lesson and tutor counts, time learned and the lessons', async () => {
    const student = makeUser();
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: makeSubscription({ remainingWeeklyMinutes: 90 }) }),
        'GET /api/v1/user/student/stats/personalized': () => ({ body: studentStats }),
        'GET /api/v1/lesson/list/': (_init, url) =>
          url.searchParams.get('when') === 'upcoming'
            ? { body: { total: 1, list: [makeLesson()] } }
            : { body: { total: 0, list: [] } },
      },
      student,
    );
    renderApp('/s/dashboard', { user: student });
    const minutes = await screen.findByText('الدقائق المتبقية هذا الأسبوع');
    expect(minutes.closest('div')?.textContent).toContain('٩٠');
    expect(minutes.closest('div')?.textContent).toContain('من ١٢٠ دقيقة');
    expect(screen.getByText('١ قادم، ٢ ملغى')).toBeTruthy();
    expect(screen.getByText('ساعة و٤٥ دقيقة')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'درس مع ياسمين فؤاد' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'لا توجد دروس سابقة أو ملغاة' })).toBeTruthy();
    expect(screen.queryByText('ليس لديك اشتراك فعّال')).toBeNull();
  });

  it('links to the plans when there is no subscription (id -1)', async () => {
    const student = makeUser();
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({
          body: { id: -1, status: 'none', weeklyMinutes: 0, remainingWeeklyMinutes: 0 },
        }),
        'GET /api/v1/user/student/stats/personalized': () => ({
          body: { ...studentStats, weeklyMinutes: 0, remainingWeeklyMinutes: 0 },
        }),
        'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    renderApp('/s/dashboard', { user: student });
    const notice = (await screen.findByText('ليس لديك اشتراك فعّال')).closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'عرض الباقات' }).getAttribute('href')).toBe('/plans');
  });
});

describe('/t/dashboard', () => {
  it('shows lessons, students, teaching hours and income in EGP', async () => {
    const tutor = makeUser({ id: 21, role: 3, name: 'ياسمين فؤاد' });
    const meta = makeTutorMeta({ userId: 21, activated: true });
    stubApi(
      {
        'GET /api/v1/user/tutor/stats/personalized': () => ({
          body: {
            tutorId: 21,
            lessons: 12,
            students: 5,
            teachingMinutes: 330,
            upcomingLessons: 2,
            incomePiastres: 82_500,
            rating: { average: 4.8, count: 6 },
          },
        }),
        'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
      },
      tutor,
      meta,
    );
    renderApp('/t/dashboard', { user: tutor, meta });
    const income = await screen.findByText('الدخل');
    const egp = new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP', maximumFractionDigits: 0 }).format(
      825,
    );
    expect(income.closest('div')?.textContent).toContain(egp);
    expect(screen.getByText('درسان قادمان')).toBeTruthy();
    expect(screen.getByText('ساعات التدريس').closest('div')?.textContent).toContain('٥ ساعات و٣٠ دقيقة');
    expect(screen.getByText('الطلاب').closest('div')?.textContent).toContain('٥');
  });
});
