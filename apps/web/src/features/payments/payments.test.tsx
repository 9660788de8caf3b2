import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { TransactionStatus } from '@darsak/domain/payments';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import {
  makeSubscription,
  makeTransaction,
  NO_SUBSCRIPTION,
  paid,
  THREE_PLANS,
} from '../../testing/payments-factories.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const student = makeUser();

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const pending = makeTransaction({ id: 43 });
const failed = makeTransaction({
  id: 42,
  method: 'card',
  referenceNumber: null,
  status: TransactionStatus.failed,
  state: 'failed',
  canCancel: false,
  canRetry: true,
});
// a plan no longer offered (or offered by invite only): the payment still says what it bought
const done = paid(makeTransaction({ id: 41, method: 'eWallet', planId: 99, weeklyMinutes: 45, period: 'quarter' }));

describe('/payments', { timeout: 20_000 }, () => {
  it('lists the payments with their states; a pending one is cancelled after confirming, then others may be retried', async () => {
    let list = [pending, failed, done];
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: list.length, list } }),
        'POST /api/v1/fawry/cancel-unpaid-order': () => {
          const cancelled = {
            ...pending,
            status: TransactionStatus.canceled,
            state: 'cancelled' as const,
            canCancel: false,
            canRetry: true,
          };
          list = [cancelled, failed, done];
          return { body: cancelled };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    const items = await within(await screen.findByRole('list', { name: 'المدفوعات' })).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('١٢٠ دقيقة أسبوعيًا، شهر');
    expect(first.textContent).toContain('قيد الانتظار');
    expect(first.textContent).toContain('الرقم المرجعي: 912345678');
    expect(second.textContent).toContain('فشل');
    // while a payment is pending, it is the way on (one open payment at a time), not a retry
    expect(within(second).queryByRole('link', { name: 'إعادة المحاولة' })).toBeNull();
    expect(third.textContent).toContain('٤٥ دقيقة أسبوعيًا، ٣ أشهر');
    expect(third.textContent).toContain('تم');
    expect(within(third).queryByRole('button')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'إلغاء الدفع' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء عملية الدفع؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدفع' }));
    expect(await screen.findByText('أُلغيت عملية الدفع.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/fawry/cancel-unpaid-order')?.body).toEqual({ transactionId: 43 });
    await waitFor(() => expect(screen.getAllByText('ملغي').length).toBeGreaterThan(0));
    const retries = await screen.findAllByRole('link', { name: 'إعادة المحاولة' });
    expect(retries.map((link) => link.getAttribute('href'))).toEqual(['/checkout/2/month', '/checkout/2/month']);
  });

  it('shows the provider’s refusal to cancel in a toast', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 1, list: [pending] } }),
        'POST /api/v1/fawry/cancel-unpaid-order': () => ({
          status: 409,
          body: { code: 'payment-not-cancellable', message: '' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدفع' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الدفع' }));
    expect(await screen.findByText(ERROR_MESSAGES_AR['payment-not-cancellable'])).toBeTruthy();
  });

  it('has an empty state leading to the plans', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    renderApp('/payments', { user: student });
    expect(await screen.findByRole('heading', { name: 'لا توجد مدفوعات بعد' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'اشتراكك' })).toBeTruthy();
    expect(screen.getByText('ليس لديك اشتراك فعّال')).toBeTruthy();
  });

  it('shows the subscription and refuses a cancellation beyond the lesson rule inside the dialog', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: makeSubscription() }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 1, list: [failed] } }),
        'PATCH /api/v1/sub/cancel': () => ({ status: 409, body: { code: 'subscription-uncancellable', message: '' } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    expect(await screen.findByText('٩٠ دقيقة من ١٢٠ دقيقة')).toBeTruthy();
    // a second subscription cannot be bought while this one is active
    await waitFor(() => expect(screen.queryByRole('link', { name: 'إعادة المحاولة' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'إلغاء الاشتراك' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الاشتراك؟' });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإلغاء' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      ERROR_MESSAGES_AR['subscription-uncancellable'],
    );
  });

  it('shows a free trial with no end date, leads to the paid plans and lets a failed payment be retried', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({
          body: makeSubscription({
            period: 'freeTrial',
            weeklyMinutes: 60,
            remainingWeeklyMinutes: 60,
            pricePiastres: 0,
            transactionId: null,
            endsAt: '2124-12-26T04:00:00.000Z',
            cancellation: { lessonsTaken: 3, maxLessons: 1, allowed: false, refundPiastres: 0 },
          }),
        }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 1, list: [failed] } }),
      },
      student,
    );
    renderApp('/payments', { user: student });
    const ends = await screen.findByText('ينتهي الاشتراك');
    const card = ends.closest('section') as HTMLElement;
    expect(ends.nextElementSibling?.textContent).toBe('تجربة مجانية بلا تاريخ انتهاء');
    expect(card.textContent).not.toMatch(/٢١٢٤/);
    expect(within(card).queryByText('المبلغ المدفوع')).toBeNull();
    // beyond the cancel limit the trial stays, but a paid plan replaces it
    expect(within(card).getByRole('link', { name: 'اشترك في باقة مدفوعة' }).getAttribute('href')).toBe('/plans');
    expect((await screen.findByRole('link', { name: 'إعادة المحاولة' })).getAttribute('href')).toBe(
      '/checkout/2/month',
    );
  });

  it('shows the end date of a free trial of set weeks', async () => {
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({
          body: makeSubscription({
            period: 'freeTrial',
            pricePiastres: 0,
            transactionId: null,
            startsAt: '2025-01-01T10:05:00.000Z',
            endsAt: '2025-01-15T04:00:00.000Z',
          }),
        }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    renderApp('/payments', { user: student });
    const ends = await screen.findByText('ينتهي الاشتراك');
    expect(ends.nextElementSibling?.textContent).toMatch(/١٥.*٢٠٢٥/);
    expect(ends.nextElementSibling?.textContent).not.toContain('بلا تاريخ انتهاء');
  });

  it('says beyond the lesson limit that the subscription can no longer be cancelled, with nothing to confirm', async () => {
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({
          body: makeSubscription({
            cancellation: { lessonsTaken: 2, maxLessons: 1, allowed: false, refundPiastres: 0 },
          }),
        }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الاشتراك؟' });
    expect(dialog.textContent).toContain('لا يمكن إلغاء هذا الاشتراك الآن');
    expect(dialog.textContent).toContain('لا تتجاوز درس واحد، ودروسك فيه حتى الآن درسان');
    expect(within(dialog).queryByRole('button', { name: 'تأكيد الإلغاء' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'حسنًا' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/v1/sub/cancel')).toBe(false);
  });

  it('tells the refund rule before confirming, cancels with a refund and says how much comes back', async () => {
    let current: unknown = makeSubscription({
      cancellation: { lessonsTaken: 1, maxLessons: 1, allowed: true, refundPiastres: 82_500 },
    });
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: current }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 0, list: [] } }),
        'PATCH /api/v1/sub/cancel': () => {
          current = NO_SUBSCRIPTION;
          return {
            body: {
              subscription: makeSubscription({ status: 'cancelled' }),
              refund: {
                transactionId: 41,
                amountPiastres: 82_500,
                status: TransactionStatus.partialRefunded,
                pending: false,
              },
            },
          };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/إن ألغيته الآن يُرد لك \S*٨٢٥\sج\.م\.\S* إلى وسيلة الدفع نفسها/);
    expect(dialog.textContent).toContain('لا تتجاوز درس واحد، ودروسك فيه حتى الآن درس واحد');
    await user.type(within(dialog).getByLabelText(/سبب الإلغاء/), 'سافرت');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإلغاء' }));
    expect(await screen.findByText(/سيُرد لك ‏٨٢٥ ج.م.‏ إلى وسيلة الدفع/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/sub/cancel')?.body).toEqual({ reason: 'سافرت' });
    expect(await screen.findByText('ليس لديك اشتراك فعّال')).toBeTruthy();
  });
});
