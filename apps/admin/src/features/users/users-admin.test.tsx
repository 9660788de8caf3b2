import type { AuditEntry } from '@darsak/domain/audit';
import { type Transaction, TransactionStatus } from '@darsak/domain/payments';
import { Role, type UserAccount } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';

configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const student: UserAccount = {
  ...staffUser(Role.student),
  id: 7,
  name: 'كريم حسن',
  email: 'karim@example.com',
  emailVerified: false,
  disabledAt: null,
  subscribed: false,
};
const empty = () => ({ body: { total: 0, list: [] } });

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin /users and /user/{id}', { timeout: 20_000 }, () => {
  it('searches and filters on the server and remembers the page size', async () => {
    const calls = stubApi(admin, { 'GET /api/v1/user/list': () => ({ body: { total: 1, list: [student] } }) });
    const user = userEvent.setup();
    renderAdmin('/users', admin);
    const table = await screen.findByRole('table', { name: 'المستخدمون' });
    expect(within(table).getByRole('link', { name: 'كريم حسن' }).getAttribute('href')).toBe('/user/7');
    await user.type(screen.getByLabelText(/^بحث/), 'karim');
    await user.selectOptions(screen.getByLabelText(/^حالة الحساب/), 'disabled');
    await user.selectOptions(screen.getByLabelText(/^عدد الصفوف في الصفحة/), '50');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/v1/user/list').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        q: 'karim',
        activity: 'disabled',
        sort: 'newest',
        page: '1',
        size: '50',
      });
    });
    expect(localStorage.getItem('darsak.admin.pageSize.users')).toBe('50');
  });

  it('disables an account only after a reason is given, and shows the change in its history', async () => {
    let account = student;
    const history: AuditEntry[] = [];
    const calls = stubApi(admin, {
      'GET /api/v1/user/7/account': () => ({ body: account }),
      'GET /api/v1/lesson/list/': empty,
      'GET /api/v1/sub/list': empty,
      'GET /api/v1/tx/list': empty,
      'GET /api/v1/audit-log/list': () => ({ body: { total: history.length, list: history } }),
      'PUT /api/v1/user/7/status': (body) => {
        const { reason } = body as { reason: string };
        account = { ...account, disabledAt: '2025-03-06T10:00:00.000Z' };
        history.push({
          id: 1,
          actorId: admin.id,
          actorName: admin.name,
          action: 'user.disable',
          objectType: 'user',
          objectId: 7,
          userId: 7,
          before: { disabledAt: null },
          after: { disabledAt: account.disabledAt },
          reason,
          createdAt: account.disabledAt ?? '',
        });
        return { body: account };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/user/7', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'كريم حسن' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'تعطيل الحساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعطيل حساب كريم حسن؟' });
    await user.click(within(dialog).getByRole('button', { name: 'تعطيل الحساب' }));
    expect(await within(dialog).findByText('اكتب السبب في ٣ إلى ٥٠٠ حرف.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^السبب/), 'بلاغ عن إساءة');
    await user.click(within(dialog).getByRole('button', { name: 'تعطيل الحساب' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ disabled: true, reason: 'بلاغ عن إساءة' });
    expect(await screen.findByRole('button', { name: 'إعادة تفعيل الحساب' })).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'سجل تغييرات الحساب' });
    expect(await within(log).findByText('تعطيل حساب')).toBeTruthy();
    expect(within(log).getByText('بلاغ عن إساءة')).toBeTruthy();
  });

  it("shows a student's lesson figures, and the subscription a payment started in a dialog", async () => {
    let statsFail = true;
    const paid = {
      id: 41,
      userId: 7,
      planId: 2,
      period: 'month',
      weeklyMinutes: 120,
      method: 'card',
      provider: 'fawry',
      merchantRefNum: 'DRS1',
      referenceNumber: null,
      amountPiastres: 110_000,
      discountPiastres: 0,
      refundedPiastres: 0,
      installments: null,
      status: 1,
      state: 'done',
      canCancel: false,
      canRetry: false,
      subscriptionId: 5,
      expiresAt: null,
      paidAt: '2025-01-01T10:05:00.000Z',
      refundedAt: null,
      createdAt: '2025-01-01T10:00:00.000Z',
    };
    const calls = stubApi(admin, {
      'GET /api/v1/user/7/account': () => ({ body: student }),
      'GET /api/v1/lesson/list/': empty,
      'GET /api/v1/sub/list': empty,
      'GET /api/v1/tx/list': () => ({ body: { total: 2, list: [paid, { ...paid, id: 40, subscriptionId: null }] } }),
      'GET /api/v1/audit-log/list': empty,
      'GET /api/v1/user/student/stats/7': () =>
        statsFail
          ? { status: 503, body: { code: 'service-unavailable', message: '' } }
          : {
              body: {
                studentId: 7,
                lessons: { fulfilled: 12, upcoming: 1, cancelled: 2 },
                tutors: 3,
                learnedMinutes: 360,
                weeklyMinutes: 120,
                remainingWeeklyMinutes: 90,
                weekEndsAt: null,
              },
            },
      'GET /api/v1/sub/5': () => ({
        body: {
          id: 5,
          studentId: 7,
          planId: 2,
          period: 'month',
          weeklyMinutes: 120,
          remainingWeeklyMinutes: 90,
          status: 'active',
          startsAt: '2025-01-01T10:05:00.000Z',
          endsAt: '2025-01-29T04:00:00.000Z',
          weekStartsAt: '2025-01-01T10:05:00.000Z',
          weekEndsAt: '2025-01-08T04:00:00.000Z',
          pricePiastres: 110_000,
          transactionId: 41,
          cancellation: { lessonsTaken: 2, maxLessons: 1, allowed: false, refundPiastres: 0 },
          cancelledAt: null,
          createdAt: '2025-01-01T10:05:00.000Z',
        },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/user/7', admin);
    const figures = (await screen.findByRole('heading', { name: 'الدروس والتعلّم' })).closest('section') as HTMLElement;
    expect((await within(figures).findByRole('alert')).textContent).toBe('تعذّر تحميل أرقام الدروس.');
    statsFail = false;
    await user.click(within(figures).getByRole('button', { name: 'إعادة المحاولة' }));
    const tile = async (label: string) => (await within(figures).findByText(label)).nextElementSibling?.textContent;
    expect(await tile('دروس مكتملة')).toBe('١٢');
    expect(await tile('دروس ملغاة')).toBe('٢');
    expect(await tile('المعلّمون')).toBe('٣');
    expect(await tile('وقت التعلّم')).toBe('٣٦٠ دقيقة');

    const payments = await screen.findByRole('table', { name: 'المدفوعات' });
    // a payment that started no subscription has none to open
    expect(within(payments).getAllByRole('button', { name: /^الاشتراك رقم/ })).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/v1/sub/5')).toBe(false);
    await user.click(within(payments).getByRole('button', { name: 'الاشتراك رقم ٥' }));
    const dialog = await screen.findByRole('dialog', { name: 'الاشتراك رقم ٥' });
    expect(await within(dialog).findByText('فعّال')).toBeTruthy();
    expect(within(dialog).getByText('المتبقي هذا الأسبوع').nextElementSibling?.textContent).toBe('٩٠ دقيقة');
    expect(within(dialog).getByText('الإلغاء الآن').nextElementSibling?.textContent).toBe(
      'غير مسموح (الدروس ٢ والحد ١)',
    );
  });

  it('offers a refund for an applied (processed) payment and a partly refunded one, not for one given back', async () => {
    const payment = (id: number, status: TransactionStatus, refundedPiastres = 0): Transaction => ({
      id,
      userId: 7,
      planId: 2,
      period: 'month',
      weeklyMinutes: 120,
      method: 'card',
      provider: 'fawry',
      merchantRefNum: `DRS${id}`,
      receiptNumber: `DRS-2025-${String(id).padStart(6, '0')}`,
      referenceNumber: `9${id}`,
      amountPiastres: 80_000,
      discountPiastres: 0,
      refundedPiastres,
      installments: null,
      status,
      state: 'done',
      canCancel: false,
      canRetry: false,
      subscriptionId: null,
      expiresAt: null,
      paidAt: '2025-03-01T10:00:00.000Z',
      refundedAt: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    const T = TransactionStatus;
    const payments = [
      payment(11, T.processed),
      payment(12, T.partialRefunded, 30_000),
      payment(13, T.refunded, 80_000),
    ];
    const calls = stubApi(admin, {
      'GET /api/v1/user/7/account': () => ({ body: student }),
      'GET /api/v1/lesson/list/': empty,
      'GET /api/v1/sub/list': empty,
      'GET /api/v1/tx/list': () => ({ body: { total: payments.length, list: payments } }),
      'GET /api/v1/audit-log/list': empty,
      'GET /api/v1/tx/12/receipt': () => ({ body: 'PDF' }),
    });
    const saved = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderAdmin('/user/7', admin);
    const table = await screen.findByRole('table', { name: 'المدفوعات' });
    expect(within(table).getByText('مدفوعة ومفعّلة')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'استرداد الدفعة رقم ١١' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'استرداد الدفعة رقم ١٢' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'استرداد الدفعة رقم ١٣' })).toBeNull();

    // every paid one has its receipt, the buyer's own, downloaded in the staff's language
    expect(within(table).getAllByRole('button', { name: /^تنزيل إيصال الدفعة DRS-2025-/ })).toHaveLength(3);
    await user.click(within(table).getByRole('button', { name: 'تنزيل إيصال الدفعة DRS-2025-000012' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const asked = calls.find((call) => call.path === '/api/v1/tx/12/receipt');
    expect(asked?.query.get('lang')).toBe('ar');
  });
});
