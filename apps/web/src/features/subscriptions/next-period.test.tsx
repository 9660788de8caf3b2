import { TransactionStatus } from '@darsak/domain/payments';
import type { NextPeriod } from '@darsak/domain/subscriptions';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeSubscription, THREE_PLANS } from '../../testing/payments-factories.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const student = makeUser();
const END = '2025-01-29T04:00:00.000Z';
const payingAhead = makeSubscription({ planId: 2, period: 'month', endsAt: END, payAhead: { startsAt: END } });
const next: NextPeriod = {
  id: 6,
  planId: 3,
  period: 'month',
  weeklyMinutes: 240,
  startsAt: END,
  endsAt: '2025-02-26T04:00:00.000Z',
  pricePiastres: 180_000,
  transactionId: 42,
};
const stats = {
  studentId: 7,
  lessons: { fulfilled: 0, upcoming: 0, cancelled: 0 },
  tutors: 0,
  learnedMinutes: 0,
  weeklyMinutes: 120,
  remainingWeeklyMinutes: 90,
  weekEndsAt: null,
};
const dashboardApi = (subscription: unknown) => ({
  'GET /api/v1/sub/user': () => ({ body: subscription }),
  'GET /api/v1/user/student/stats/personalized': () => ({ body: stats }),
  'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
});

describe('paying the next month in advance', () => {
  it('the dashboard offers it with its start date, one tap to the checkout of the same plan', async () => {
    stubApi(dashboardApi(payingAhead), student);
    renderApp('/s/dashboard', { user: student });
    const link = await screen.findByRole('link', { name: 'ادفع الشهر القادم مقدّمًا' });
    expect(link.getAttribute('href')).toBe('/checkout/2/month');
    expect(screen.getByText(/ليبدأ الشهر القادم يوم .*٢٩.*يناير/)).toBeTruthy();
  });

  it('the dashboard shows the next period once it is paid, and offers nothing more', async () => {
    stubApi(dashboardApi(makeSubscription({ next })), student);
    renderApp('/s/dashboard', { user: student });
    expect(await screen.findByText(/الفترة القادمة مدفوعة: ٢٤٠ دقيقة أسبوعيًا، تبدأ يوم .*٢٩.*يناير/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ادفع الشهر القادم مقدّمًا' })).toBeNull();
  });

  it('/plans says the plan bought now starts when the current one ends, and lets her choose one', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: payingAhead }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
      },
      student,
    );
    renderApp('/plans', { user: student });
    expect(await screen.findByText(/ادفع الشهر القادم مقدّمًا: تبدأ الباقة التي تختارها الآن يوم/)).toBeTruthy();
    expect((await screen.findAllByRole('button', { name: /اشترك/ })).length).toBeGreaterThan(0);
    // and the larger plans (230 minutes against her 120) offer an upgrade now, for her period
    const upgrades = screen.getAllByRole('link', { name: 'ترقية الآن إلى هذه الباقة' });
    expect(upgrades.map((link) => link.getAttribute('href'))).toEqual(['/checkout/3/month?upgrade=1']);
  });

  it('the subscription card shows the next period and cancels it before it starts, refunded in full', async () => {
    let current: unknown = makeSubscription({ next });
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: current }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
        'PATCH /api/v1/sub/next/cancel': () => {
          current = payingAhead;
          return {
            body: {
              subscription: makeSubscription({ id: 6, status: 'cancelled' }),
              refund: {
                transactionId: 42,
                amountPiastres: 180_000,
                status: TransactionStatus.processed,
                pending: true,
              },
            },
          };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    const section = await screen.findByRole('region', { name: 'الفترة القادمة (مدفوعة مقدّمًا)' });
    expect(section.textContent).toContain('٢٤٠ دقيقة');
    await user.click(within(section).getByRole('button', { name: 'إلغاء الفترة القادمة' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/فيُرد لك مبلغها كاملًا \(\S*١٬?٨٠٠\sج\.م\.\S*\)/);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإلغاء' }));
    expect(await screen.findByText(/أُلغيت الفترة القادمة/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/api/v1/sub/next/cancel')).toBe(true);
    expect(await screen.findByRole('link', { name: 'ادفع الشهر القادم مقدّمًا' })).toBeTruthy();
  });
});

describe('automatic renewal', () => {
  it('is offered with her saved card, turned on, and turned off in one step', async () => {
    let state: unknown = { autoRenewal: null };
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: payingAhead }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/fawry/auto-renewal': () => ({ body: state }),
        'GET /api/v1/fawry/card-token/list': () => ({
          body: { list: [{ id: 3, lastFour: '4242', brand: 'Visa', createdAt: '2025-01-01T10:00:00.000Z' }] },
        }),
        'PUT /api/v1/fawry/auto-renewal': () => {
          state = { autoRenewal: { cardTokenId: 3, lastFour: '4242', brand: 'Visa' } };
          return { body: state };
        },
        'DELETE /api/v1/fawry/auto-renewal': () => {
          state = { autoRenewal: null };
          return { body: state };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    const box = await screen.findByTestId('auto-renewal');
    expect(box.textContent).toContain('جدّد اشتراكك تلقائيًا بالبطاقة المنتهية بـ 4242');
    await user.click(within(box).getByRole('button', { name: 'فعّل التجديد التلقائي' }));
    expect(await within(box).findByText(/التجديد التلقائي مفعّل بالبطاقة المنتهية بـ 4242/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/v1/fawry/auto-renewal')?.body).toEqual({
      cardTokenId: 3,
    });
    await user.click(within(box).getByRole('button', { name: 'أوقف التجديد التلقائي' }));
    expect(await within(box).findByRole('button', { name: 'فعّل التجديد التلقائي' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/fawry/auto-renewal')).toBe(true);
  });
});
