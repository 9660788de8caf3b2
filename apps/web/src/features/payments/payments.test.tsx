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
  it('downloads a paid payment’s receipt with the session’s token, waiting meanwhile, and says in Arabic when it fails', async () => {
    let answer: () => { status?: number; body: unknown } = () => ({ body: '%PDF-1.7' });
    let release: () => void = () => undefined;
    const { calls, fetchMock } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/plan/list': () => ({ body: { total: 3, list: THREE_PLANS } }),
        'GET /api/v1/tx/list': () => ({ body: { total: 2, list: [done, failed] } }),
        'GET /api/v1/tx/41/receipt': () => answer(),
      },
      student,
    );
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderApp('/payments', { user: student });
    const button = await screen.findByRole('button', { name: 'تنزيل الإيصال DRS-2025-000041' });
    // the failed payment has no receipt
    expect(screen.getAllByRole('button', { name: /تنزيل الإيصال/ })).toHaveLength(1);

    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/receipt')) await gate;
      return original ? original(input, init) : new Response(null, { status: 500 });
    });
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'darsak-receipt-DRS-2025-000041-ar.pdf', href: 'blob:receipt' }]),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/v1/tx/41/receipt'));
    expect(String(call?.[0])).toContain('/api/v1/tx/41/receipt?lang=ar');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(calls.some((c) => c.path === '/api/v1/tx/41/receipt')).toBe(true);

    answer = () => ({ status: 409, body: { code: 'payment-not-paid', message: '' } });
    await user.click(button);
    expect(await screen.findByText('تعذّر تنزيل الإيصال')).toBeTruthy();
    expect(await screen.findByText(ERROR_MESSAGES_AR['payment-not-paid'])).toBeTruthy();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

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
    // a paid payment's one action is its receipt
    expect(
      within(third)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['تنزيل الإيصال']);
    expect(within(first).queryByRole('button', { name: /تنزيل الإيصال/ })).toBeNull();

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

describe('/payments/{id}', { timeout: 20_000 }, () => {
  const paidCard = paid(
    makeTransaction({
      id: 41,
      method: 'card',
      provider: 'paymob',
      referenceNumber: '217503754',
      discountPiastres: 11_000,
      amountPiastres: 99_000,
    }),
  );

  it('opens from the list: the payment from GET /tx/:id with the subscription it started from GET /sub/:id', async () => {
    const { calls } = stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/tx/list': () => ({ body: { total: 1, list: [paidCard] } }),
        'GET /api/v1/tx/41': () => ({ body: paidCard }),
        'GET /api/v1/sub/5': () => ({
          body: makeSubscription({ status: 'ended', endsAt: '2025-01-29T04:00:00.000Z' }),
        }),
      },
      student,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/payments', { user: student });
    await user.click(await screen.findByRole('link', { name: '١٢٠ دقيقة أسبوعيًا، شهر' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'تفاصيل الدفعة' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments/41');

    const facts = await screen.findByRole('region', { name: 'الدفعة' });
    const value = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(value('الحالة')).toBe('تم');
    expect(value('المبلغ')).toMatch(/٩٩٠/);
    expect(value('الخصم')).toMatch(/١١٠/);
    expect(value('وسيلة الدفع')).toBe('بطاقة بنكية');
    expect(value('مزوّد الدفع')).toBe('Paymob');
    expect(value('رقم الطلب')).toBe('DRS20250101ABCDEF');
    // a card payment's provider reference is not a number the student pays with
    expect(within(facts).queryByText('الرقم المرجعي')).toBeNull();
    expect(within(facts).queryByRole('link')).toBeNull();

    const subscription = await screen.findByRole('region', { name: 'الاشتراك الذي بدأته هذه الدفعة' });
    expect(await within(subscription).findByText('منتهٍ')).toBeTruthy();
    expect(within(subscription).getByText('انتهى في').nextElementSibling?.textContent).toMatch(/٢٩.*٢٠٢٥/);
    expect(calls.some((c) => c.path === '/api/v1/tx/41')).toBe(true);
  });

  it('continues or cancels an open payment there, then offers to pay again, and follows realtime', async () => {
    let current = makeTransaction({ id: 43 });
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/tx/43': () => ({ body: current }),
        'POST /api/v1/fawry/cancel-unpaid-order': () => {
          current = {
            ...current,
            status: TransactionStatus.canceled,
            state: 'cancelled',
            canCancel: false,
            canRetry: true,
          };
          return { body: current };
        },
      },
      student,
    );
    const user = userEvent.setup();
    const { realtime } = renderApp('/payments/43', { user: student });
    const facts = await screen.findByRole('region', { name: 'الدفعة' });
    expect(within(facts).getByText('الرقم المرجعي').nextElementSibling?.textContent).toBe('912345678');
    expect(within(facts).getByText('ادفع قبل')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'متابعة الدفع' }).getAttribute('href')).toBe(
      '/checkout/2/month?transactionId=43',
    );
    await user.click(within(facts).getByRole('button', { name: 'إلغاء الدفع' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الدفع' }));
    expect(await within(facts).findByText('ملغي')).toBeTruthy();
    expect(within(facts).queryByRole('link', { name: 'متابعة الدفع' })).toBeNull();
    expect(within(facts).getByRole('link', { name: 'إعادة المحاولة' }).getAttribute('href')).toBe('/checkout/2/month');

    // a later change the provider reports reaches the page by itself
    current = { ...current, status: TransactionStatus.refunded, state: 'cancelled', canRetry: false };
    realtime.push('transaction:status', {
      transactionId: 43,
      status: TransactionStatus.refunded,
      subscriptionId: null,
    });
    expect(await within(facts).findByText('مسترد')).toBeTruthy();
  });

  it('says a payment that is not the student’s is not in their account, and retries a failed load', async () => {
    let fail = true;
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/tx/99': () => ({ status: 403, body: { code: 'forbidden', message: '' } }),
        'GET /api/v1/tx/41': () =>
          fail ? { status: 503, body: { code: 'service-unavailable', message: '' } } : { body: failed },
      },
      student,
    );
    const user = userEvent.setup();
    const view = renderApp('/payments/99', { user: student });
    expect(await screen.findByRole('heading', { name: 'لا توجد هذه الدفعة في حسابك' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'العودة إلى المدفوعات' }).length).toBeGreaterThan(0);
    view.unmount();

    renderApp('/payments/41', { user: student });
    expect(await screen.findByRole('heading', { name: 'تعذّر تحميل الدفعة.' })).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES_AR['service-unavailable'])).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('فشل')).toBeTruthy();
  });

  it('shows the subscription’s own load failure inside its card, with a retry', async () => {
    let fail = true;
    stubApi(
      {
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/tx/41': () => ({ body: done }),
        'GET /api/v1/sub/5': () =>
          fail ? { status: 503, body: { code: 'service-unavailable', message: '' } } : { body: makeSubscription() },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/payments/41', { user: student });
    const subscription = await screen.findByRole('region', { name: 'الاشتراك الذي بدأته هذه الدفعة' });
    expect((await within(subscription).findByRole('alert')).textContent).toContain(
      ERROR_MESSAGES_AR['service-unavailable'],
    );
    fail = false;
    await user.click(within(subscription).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await within(subscription).findByText('فعّال')).toBeTruthy();
    expect(within(subscription).getByRole('link', { name: 'تفاصيل اشتراكك' }).getAttribute('href')).toBe('/payments');
  });
});
