import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { TransactionStatus } from '@darsak/domain/payments';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import {
  makePlan,
  makeSubscription,
  makeTransaction,
  NO_SUBSCRIPTION,
  paid,
} from '../../testing/payments-factories.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';
import { browser } from './hooks/checkout-attempt.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const student = makeUser({ phone: '01012345678' });
const plan = makePlan();
const card = { id: 3, lastFour: '4242', brand: 'Visa', createdAt: '2025-01-01T00:00:00.000Z' };
type Answer = { status?: number; body: unknown };

function stubCheckout(handlers: Record<string, (init: RequestInit | undefined, url: URL) => Answer | undefined> = {}) {
  return stubApi(
    {
      'GET /api/v1/plan/2': () => ({ body: plan }),
      'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
      'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [card] } }),
      'GET /api/v1/config': () => ({ body: { environment: 'production', supportLinks: {}, googleSimulator: false } }),
      ...handlers,
    },
    student,
  );
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout summary and coupon', { timeout: 20_000 }, () => {
  it('summarises the plan and refuses unknown, expired and zero-discount coupons with their messages', async () => {
    const answers: Record<string, Answer> = {
      NOPE1: { status: 404, body: { code: 'coupon-not-found', message: '' } },
      OLD10: { status: 422, body: { code: 'coupon-expired', message: '' } },
      USED1: { status: 422, body: { code: 'invalid-coupon', message: '' } },
      ZERO1: {
        status: 422,
        body: { code: 'invalid-coupon', message: '', details: { fields: { couponCode: 'coupon-no-discount' } } },
      },
    };
    const { calls } = stubCheckout({
      'GET /api/v1/coupon/code/NOPE1': () => answers.NOPE1,
      'GET /api/v1/coupon/code/OLD10': () => answers.OLD10,
      'GET /api/v1/coupon/code/USED1': () => answers.USED1,
      'GET /api/v1/coupon/code/ZERO1': () => answers.ZERO1,
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/quarter', { user: student });
    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    expect(within(summary).getByText('اشتراك ربع سنوي (١٢ أسبوعًا)')).toBeTruthy();
    expect(within(summary).getByText(/^خصم المدة \(١٠/)).toBeTruthy();
    expect(within(summary).getByText(/٢٬٩٧٠/)).toBeTruthy();

    const field = within(summary).getByLabelText('كود الخصم');
    await user.type(field, 'a b');
    await user.click(within(summary).getByRole('button', { name: 'تطبيق' }));
    expect(await within(summary).findByText(/كود الخصم من ٣ إلى ٣٢ حرفًا/)).toBeTruthy();

    for (const [code, message] of [
      ['NOPE1', ERROR_MESSAGES_AR['coupon-not-found']],
      ['OLD10', ERROR_MESSAGES_AR['coupon-expired']],
      ['USED1', ERROR_MESSAGES_AR['invalid-coupon']],
      ['ZERO1', FIELD_MESSAGES_AR['coupon-no-discount']],
    ] as const) {
      await user.clear(field);
      await user.type(field, code);
      await user.click(within(summary).getByRole('button', { name: 'تطبيق' }));
      expect(await within(summary).findByText(message)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    const check = calls.find((c) => c.path === '/api/v1/coupon/code/NOPE1');
    expect(check).toBeTruthy();
  });

  it('applies a coupon priced by the server and pays with its code, never an amount', async () => {
    const quote = {
      period: 'month',
      fullPricePiastres: 110_000,
      periodDiscountPercent: 0,
      pricePiastres: 110_000,
      couponDiscountPiastres: 11_000,
      amountPiastres: 99_000,
    };
    const { calls } = stubCheckout({
      'GET /api/v1/coupon/code/RAMADAN': (_init, url) => {
        expect(Object.fromEntries(url.searchParams)).toEqual({ planId: '2', period: 'month' });
        return {
          body: {
            code: 'RAMADAN',
            discountPercent: 10,
            discountPiastres: null,
            maxDiscountPiastres: null,
            planId: null,
            expiresAt: null,
            quote,
          },
        };
      },
      'POST /api/v1/fawry/pay/ref-num': () => ({
        status: 201,
        body: {
          transaction: makeTransaction({ amountPiastres: 99_000, discountPiastres: 11_000 }),
          redirectUrl: null,
          referenceNumber: '912345678',
          walletQr: null,
          installmentSchedule: null,
        },
      }),
      'GET /api/v1/fawry/payment-status': () => ({
        body: makeTransaction({ amountPiastres: 99_000, discountPiastres: 11_000 }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    await user.type(within(summary).getByLabelText('كود الخصم'), 'RAMADAN');
    await user.click(within(summary).getByRole('button', { name: 'تطبيق' }));
    expect(await within(summary).findByText(/تم تطبيق الكود RAMADAN/)).toBeTruthy();
    expect(within(summary).getByText('خصم الكود RAMADAN')).toBeTruthy();
    expect(within(summary).getByText(/٩٩٠/)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'الدفع في فوري' }));
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع في فوري' })).toBeTruthy();
    const body = calls.find((c) => c.path === '/api/v1/fawry/pay/ref-num')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ planId: 2, period: 'month', couponCode: 'RAMADAN' });
    expect(body.idempotencyKey).toMatch(/^chk_[0-9a-f]{32}$/);
    expect(Object.keys(body).some((key) => /amount|price/i.test(key))).toBe(false);
  });
});

describe('cash reference', { timeout: 20_000 }, () => {
  it('shows the reference, amount, expiry and kiosk steps, then success when the payment arrives in realtime', async () => {
    let current = makeTransaction();
    stubCheckout({
      'POST /api/v1/fawry/pay/ref-num': () => ({
        status: 201,
        body: {
          transaction: current,
          redirectUrl: null,
          referenceNumber: '912345678',
          walletQr: null,
          installmentSchedule: null,
        },
      }),
      'GET /api/v1/fawry/payment-status': () => ({ body: current }),
    });
    const user = userEvent.setup();
    const { router, realtime } = renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'الدفع في فوري' }));
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));

    expect(await screen.findByText('912345678')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?transactionId=41'));
    expect(screen.getByText('بدأت عملية الدفع، وسنتابع حالتها هنا.')).toBeTruthy();
    expect(screen.getByText('ادفع قبل')).toBeTruthy();
    expect(screen.getByText(/اطلب «الدفع بالرقم المرجعي» وأعطِ الرقم 912345678/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'نسخ الرقم' }));
    expect(await navigator.clipboard.readText()).toBe('912345678');

    current = paid(current);
    realtime.push('transaction:status', { transactionId: 41, status: TransactionStatus.paid, subscriptionId: 5 });
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    expect(screen.getByText(/١٢٠ دقيقة كل أسبوع لمدة شهر/)).toBeTruthy();
    // The page's subtitle no longer asks to choose a method.
    expect(screen.getByText('تم الدفع واشتراكك جاهز.')).toBeTruthy();
    expect(screen.queryByText('راجع طلبك ثم اختر وسيلة الدفع.')).toBeNull();
  });

  it('shows an expired reference as failed with a retry that brings the methods back', async () => {
    stubCheckout({
      'GET /api/v1/fawry/payment-status': () => ({
        body: makeTransaction({ status: TransactionStatus.expired, state: 'failed', canCancel: false, canRetry: true }),
      }),
      'POST /api/v1/fawry/payment-status/sync': () => ({
        body: makeTransaction({ status: TransactionStatus.expired, state: 'failed', canCancel: false, canRetry: true }),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/2/month?transactionId=41', { user: student });
    expect(await screen.findByRole('heading', { name: 'لم يتم الدفع' })).toBeTruthy();
    expect(screen.getByText(/انتهت مهلة الدفع/)).toBeTruthy();
    expect(screen.getByText('لم تكتمل عملية الدفع، ويمكنك المحاولة مرة أخرى.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('راجع طلبك ثم اختر وسيلة الدفع.')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'محفظة إلكترونية' })).toBeTruthy();
  });
});

describe('an active subscription', { timeout: 20_000 }, () => {
  const trial = makeSubscription({
    period: 'freeTrial',
    weeklyMinutes: 60,
    pricePiastres: 0,
    transactionId: null,
    endsAt: '2124-12-26T04:00:00.000Z',
  });

  it('lets a student on a free trial pay, saying the trial ends once the payment is confirmed', async () => {
    let subscription: unknown = trial;
    let current = makeTransaction();
    const { calls } = stubCheckout({
      'GET /api/v1/sub/user': () => ({ body: subscription }),
      'POST /api/v1/fawry/pay/ref-num': () => ({
        status: 201,
        body: {
          transaction: current,
          redirectUrl: null,
          referenceNumber: '912345678',
          walletQr: null,
          installmentSchedule: null,
        },
      }),
      'GET /api/v1/fawry/payment-status': () => ({ body: current }),
    });
    const user = userEvent.setup();
    const { realtime } = renderApp('/checkout/2/month', { user: student });
    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    expect(await within(summary).findByText(/ستنتهي تجربتك المجانية عند تأكيد الدفع/)).toBeTruthy();
    expect(screen.queryByText(/لديك اشتراك فعّال بالفعل/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'الدفع في فوري' }));
    const get = screen.getByRole('button', { name: 'احصل على الرقم المرجعي' });
    expect(get).toHaveProperty('disabled', false);
    await user.click(get);
    expect(await screen.findByText('912345678')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/fawry/pay/ref-num')).toBe(true);

    // paid: the trial is replaced, so the note goes
    current = paid(current);
    subscription = makeSubscription();
    realtime.push('transaction:status', { transactionId: 41, status: TransactionStatus.paid, subscriptionId: 5 });
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/ستنتهي تجربتك المجانية/)).toBeNull());
  });

  it('sells a student with a paid subscription the next period, saying it starts when the current one ends', async () => {
    const subscription = makeSubscription({
      endsAt: '2025-02-26T04:00:00.000Z',
      payAhead: { startsAt: '2025-02-26T04:00:00.000Z' },
    });
    stubCheckout({ 'GET /api/v1/sub/user': () => ({ body: subscription }) });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByText(/يبدأ هذا الاشتراك يوم .*٢٦.*فبراير.*، عند انتهاء اشتراكك الحالي/)).toBeTruthy();
    expect(screen.queryByText(/لا يمكن شراء باقة أخرى/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'الدفع في فوري' }));
    expect(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' })).toHaveProperty('disabled', false);
  });

  it('turns the methods off once the next period is paid as well', async () => {
    const next = {
      id: 6,
      planId: 2,
      period: 'month' as const,
      weeklyMinutes: 120,
      startsAt: '2025-02-26T04:00:00.000Z',
      endsAt: '2025-03-26T04:00:00.000Z',
      pricePiastres: 110_000,
      transactionId: 42,
    };
    stubCheckout({ 'GET /api/v1/sub/user': () => ({ body: makeSubscription({ next }) }) });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByText(/الفترة القادمة مدفوعة مقدّمًا، فلا يمكن شراء باقة أخرى/)).toBeTruthy();
    expect(screen.queryByText(/ستنتهي تجربتك المجانية/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'الدفع في فوري' }));
    expect(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' })).toHaveProperty('disabled', true);
  });
});

describe('a mid-term upgrade', { timeout: 20_000 }, () => {
  it('is priced for the weeks left, without a coupon, and pays with the upgrade flag, never an amount', async () => {
    let body: Record<string, unknown> = {};
    stubCheckout({
      'GET /api/v1/sub/user': () => ({ body: makeSubscription({ planId: 1, weeklyMinutes: 60 }) }),
      'GET /api/v1/sub/upgrade/quote': (_init, url) => {
        expect(url.searchParams.get('planId')).toBe('2');
        return { body: { planId: 2, weeklyMinutes: 120, weeks: 3, amountPiastres: 22_500 } };
      },
      'POST /api/v1/fawry/pay/ref-num': (init) => {
        body = bodyOf(init);
        return { status: 422, body: { code: 'upgrade-no-weeks-left', message: '' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month?upgrade=1', { user: student });
    expect(await screen.findByText(/ترقية في منتصف المدة: تدفع فرق السعر عن ٣ أسابيع متبقية فقط/)).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'ملخص الطلب' });
    expect(summary.textContent).toMatch(/٢٢٥/);
    expect(within(summary).queryByLabelText('كود الخصم')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'الدفع في فوري' }));
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    await waitFor(() => expect(body).toMatchObject({ planId: 2, period: 'month', upgrade: true }));
    expect(body.amountPiastres).toBeUndefined();
  });

  it('refused (no whole week left), says so with the way back to the plans, and offers no payment', async () => {
    stubCheckout({
      'GET /api/v1/sub/user': () => ({ body: makeSubscription({ planId: 1, weeklyMinutes: 60 }) }),
      'GET /api/v1/sub/upgrade/quote': () => ({ status: 422, body: { code: 'upgrade-no-weeks-left', message: '' } }),
    });
    renderApp('/checkout/2/month?upgrade=1', { user: student });
    expect(await screen.findByText(/لم يبقَ في اشتراكك أسبوع كامل للترقية/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الباقات' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'وسيلة الدفع' })).toBeNull();
  });
});

describe('card', { timeout: 20_000 }, () => {
  it('checks the CVV, keeps one idempotency key across a retried request, and follows 3-D Secure', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const keys: unknown[] = [];
    let attempts = 0;
    stubCheckout({
      'POST /api/v1/fawry/pay/card': (init) => {
        attempts += 1;
        keys.push(bodyOf(init).idempotencyKey);
        // a gateway in front of the API answered without our coded body: the request may not have arrived
        if (attempts === 1) return { status: 502, body: 'Bad Gateway' };
        return {
          status: 201,
          body: {
            transaction: makeTransaction({ method: 'card', referenceNumber: null }),
            redirectUrl: 'https://bank.example/3ds/41',
            referenceNumber: null,
            walletQr: null,
            installmentSchedule: null,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    const radio = await screen.findByRole('radio', { name: 'Visa تنتهي بـ 4242' });
    expect(radio).toHaveProperty('checked', true);
    const pay = screen.getByRole('button', { name: /ادفع ‏١٬١٠٠/ });
    await user.click(pay);
    expect(await screen.findByText(/رمز التحقق من البطاقة \(CVV\) ٣ أو ٤ أرقام/)).toBeTruthy();
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText(/رمز التحقق \(CVV\)/), '123');
    await user.click(pay);
    expect(await screen.findByText(ERROR_MESSAGES_AR.unexpected)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ادفع/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/3ds/41'));
    expect(attempts).toBe(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('starts a new attempt (a new key) after the server refused one', async () => {
    const keys: unknown[] = [];
    stubCheckout({
      'POST /api/v1/fawry/pay/card': (init) => {
        keys.push(bodyOf(init).idempotencyKey);
        return { status: 502, body: { code: 'fawry-error', message: '' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    await user.type(await screen.findByLabelText(/رمز التحقق \(CVV\)/), '123');
    await user.click(screen.getByRole('button', { name: /ادفع/ }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(ERROR_MESSAGES_AR['fawry-error']),
    );
    await user.click(screen.getByRole('button', { name: /ادفع/ }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('returns from the bank to the payment status, asking the provider once, and gives the spec advice on failure', async () => {
    const failed = makeTransaction({
      method: 'card',
      status: TransactionStatus.failed,
      state: 'failed',
      canCancel: false,
      canRetry: true,
    });
    const { calls } = stubCheckout({
      'POST /api/v1/fawry/payment-status/sync': () => ({ body: failed }),
      'GET /api/v1/fawry/payment-status': () => ({ body: failed }),
    });
    renderApp('/checkout/2/month?transactionId=41', { user: student });
    expect(await screen.findByRole('heading', { name: 'لم يتم الدفع' })).toBeTruthy();
    expect(screen.getByText('تأكد من بيانات البطاقة ورصيدها، أو استخدم وسيلة دفع أخرى.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/fawry/payment-status/sync')).toHaveLength(1);
  });

  it('goes to the provider to add a card and remembers this checkout for /card-added', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    stubCheckout({
      'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
      'GET /api/v1/fawry/card-token/url': () => ({ body: { url: 'https://gateway.example/tokenize' } }),
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByText(/لا توجد بطاقات محفوظة بعد/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إضافة بطاقة' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://gateway.example/tokenize'));
    expect(window.sessionStorage.getItem('darsak.checkout.return')).toBe('/checkout/2/month');
  });
});

describe('another payment still open (payment-in-progress)', { timeout: 20_000 }, () => {
  const openCash = {
    transactionId: 40,
    planId: 2,
    period: 'quarter',
    weeklyMinutes: 120,
    method: 'cashReference',
    amountPiastres: 297_000,
    referenceNumber: '987654321',
    expiresAt: '2025-01-03T10:00:00.000Z',
  };
  const inProgress = {
    status: 409,
    body: { code: 'payment-in-progress', message: '', details: { openPayment: openCash } },
  };

  it('shows the open cash payment with its reference and expiry, and leads to it', async () => {
    stubCheckout({
      'POST /api/v1/fawry/pay/e-wallet': () => inProgress,
      'GET /api/v1/fawry/payment-status': () => ({ body: makeTransaction({ id: 40, period: 'quarter' }) }),
      'POST /api/v1/fawry/payment-status/sync': () => ({ body: makeTransaction({ id: 40, period: 'quarter' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'محفظة إلكترونية' }));
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع' }));

    const title = await screen.findByRole('heading', { name: 'لديك دفعة لم تكتمل بعد' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const panel = screen.getByRole('region', { name: 'لديك دفعة لم تكتمل بعد' });
    expect(panel.textContent).toContain('١٢٠ دقيقة أسبوعيًا، ٣ أشهر');
    expect(panel.textContent).toContain('رقم مرجعي (فوري)');
    expect(panel.textContent).toMatch(/٢٬٩٧٠/);
    expect(panel.textContent).toContain('987654321');
    expect(panel.textContent).toContain('ادفع قبل');

    await user.click(within(panel).getByRole('link', { name: 'متابعة الدفعة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/quarter'));
    expect(router.state.location.search).toBe('?transactionId=40');
    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع في فوري' })).toBeTruthy();
  });

  it('cancels the open payment after a confirmation and goes on with the new one by keyboard', async () => {
    let open = true;
    const keys: unknown[] = [];
    const { calls } = stubCheckout({
      'POST /api/v1/fawry/pay/e-wallet': (init) => {
        keys.push(bodyOf(init).idempotencyKey);
        if (open) return inProgress;
        return {
          status: 201,
          body: {
            transaction: makeTransaction({ method: 'eWallet', referenceNumber: null }),
            redirectUrl: null,
            referenceNumber: null,
            walletQr: null,
            installmentSchedule: null,
          },
        };
      },
      'POST /api/v1/fawry/cancel-unpaid-order': () => {
        open = false;
        return {
          body: makeTransaction({
            id: 40,
            status: TransactionStatus.canceled,
            state: 'cancelled',
            canCancel: false,
            canRetry: true,
          }),
        };
      },
      'GET /api/v1/fawry/payment-status': () => ({ body: makeTransaction({ method: 'eWallet' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'محفظة إلكترونية' }));
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع' }));
    const panel = await screen.findByRole('region', { name: 'لديك دفعة لم تكتمل بعد' });

    // keyboard only: Tab to the cancel action, Enter opens the confirmation; nothing is cancelled before it
    await waitFor(() => expect(document.activeElement?.textContent).toBe('لديك دفعة لم تكتمل بعد'));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'متابعة الدفعة' }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'إلغاء الدفعة والمتابعة' }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدفعة السابقة؟' });
    expect(dialog.textContent).toContain('987654321');
    expect(calls.some((c) => c.path === '/api/v1/fawry/cancel-unpaid-order')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِها وتابع' }));

    expect(await screen.findByRole('heading', { name: 'في انتظار موافقتك من المحفظة' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/fawry/cancel-unpaid-order')?.body).toEqual({ transactionId: 40 });
    await waitFor(() => expect(router.state.location.search).toBe('?transactionId=41'));
    // the refused attempt was over, so the payment that went ahead has a key of its own
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says so inside the confirmation when the open payment can no longer be cancelled', async () => {
    stubCheckout({
      'POST /api/v1/fawry/pay/ref-num': () => inProgress,
      'POST /api/v1/fawry/cancel-unpaid-order': () => ({
        status: 422,
        body: { code: 'payment-not-cancellable', message: '' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'الدفع في فوري' }));
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدفعة والمتابعة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدفعة السابقة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِها وتابع' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      ERROR_MESSAGES_AR['payment-not-cancellable'],
    );
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'لديك دفعة لم تكتمل بعد' })).toBeTruthy();
  });
});

describe('e-wallet', { timeout: 20_000 }, () => {
  it('refuses an invalid number, then waits for the approval of the request sent to the wallet', async () => {
    const { calls } = stubCheckout({
      'POST /api/v1/fawry/pay/e-wallet': () => ({
        status: 201,
        body: {
          transaction: makeTransaction({ method: 'eWallet', referenceNumber: null }),
          redirectUrl: null,
          referenceNumber: null,
          walletQr: null,
          installmentSchedule: null,
        },
      }),
      'GET /api/v1/fawry/payment-status': () => ({ body: makeTransaction({ method: 'eWallet' }) }),
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'محفظة إلكترونية' }));
    const phone = screen.getByLabelText(/رقم المحفظة/);
    expect(phone).toHaveProperty('value', '01012345678');
    await user.clear(phone);
    await user.type(phone, '0191234');
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع' }));
    expect(await screen.findByText(/رقم الموبايل غير صالح/)).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '01198765432');
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع' }));
    expect(await screen.findByRole('heading', { name: 'في انتظار موافقتك من المحفظة' })).toBeTruthy();
    expect(screen.getByText('01198765432')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/fawry/pay/e-wallet')?.body).toMatchObject({
      walletPhone: '01198765432',
    });
  });
});

describe('bank instalments', { timeout: 20_000 }, () => {
  it('offers the plan’s instalment counts with the monthly parts', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'تقسيط بنكي' }));
    const two = screen.getByRole('radio', { name: /^دفعتين، .*٥٥٠.* شهريًا$/ });
    expect(two).toHaveProperty('checked', true);
    expect(screen.getByText('الدفعة ٢')).toBeTruthy();
  });

  it('says instalments are unavailable for a plan without them', async () => {
    stubCheckout({ 'GET /api/v1/plan/2': () => ({ body: makePlan({ installments: 1 }) }) });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    await user.click(await screen.findByRole('tab', { name: 'تقسيط بنكي' }));
    expect(screen.getByText(/التقسيط غير متاح لهذه الباقة/)).toBeTruthy();
  });
});

describe('/card-added', { timeout: 20_000 }, () => {
  it('confirms the card and leads back to the checkout', async () => {
    window.sessionStorage.setItem('darsak.checkout.return', '/checkout/2/month');
    stubCheckout();
    renderApp('/card-added?statusCode=200&statusDescription=Operation%20done%20successfully', { user: student });
    expect(await screen.findByRole('heading', { name: 'تمت إضافة البطاقة' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى الدفع' }).getAttribute('href')).toBe('/checkout/2/month');
  });

  it('says when the provider did not save the card', async () => {
    stubCheckout();
    renderApp('/card-added?statusCode=9901', { user: student });
    expect(await screen.findByRole('heading', { name: 'تعذّرت إضافة البطاقة' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'عرض الباقات' })).toBeTruthy();
  });
});

describe('bad links', { timeout: 20_000 }, () => {
  it('explains a checkout link with an unknown period', async () => {
    stubCheckout();
    renderApp('/checkout/2/week', { user: student });
    expect(await screen.findByRole('heading', { name: 'مدة الاشتراك في هذا الرابط غير صحيحة.' })).toBeTruthy();
  });
});

describe("card on Paymob's page", { timeout: 20_000 }, () => {
  const config = (paymentProviders: { fawry: boolean; paymob: boolean }) => () => ({
    body: { environment: 'production', supportLinks: {}, googleSimulator: false, paymentProviders },
  });
  const checkoutUrl = {
    status: 201,
    body: {
      transaction: makeTransaction({ method: 'card', provider: 'paymob', referenceNumber: '217503754' }),
      redirectUrl: 'https://accept.paymob.com/unifiedcheckout/?publicKey=pk&clientSecret=cs',
      referenceNumber: null,
      walletQr: null,
      installmentSchedule: null,
    },
  };

  it('is offered beside the saved cards, needs no card first, and leaves for Paymob with the key, never an amount', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { calls } = stubCheckout({
      'GET /api/v1/config': config({ fawry: true, paymob: true }),
      'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
      'POST /api/v1/paymob/create-checkout-url': () => checkoutUrl,
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    // a student with no saved card may still pay by card at once
    expect(await screen.findByText(/لا توجد بطاقات محفوظة بعد/)).toBeTruthy();
    const paymob = await screen.findByRole('form', { name: 'ادفع ببطاقة دون حفظها' });
    expect(paymob.textContent).toContain('لا تُحفظ البطاقة');
    await user.click(within(paymob).getByRole('button', { name: /عبر Paymob/ }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://accept.paymob.com/unifiedcheckout/?publicKey=pk&clientSecret=cs'),
    );
    expect(within(paymob).getByRole('button', { name: /^جارٍ تحويلك إلى صفحة Paymob…/ })).toHaveProperty(
      'disabled',
      true,
    );
    const body = calls.find((c) => c.path === '/api/v1/paymob/create-checkout-url')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ planId: 2, period: 'month' });
    expect(body.idempotencyKey).toMatch(/^chk_[0-9a-f]{32}$/);
    expect(Object.keys(body).some((key) => /amount|price/i.test(key))).toBe(false);
    expect(calls.some((c) => c.path.startsWith('/api/v1/fawry/pay'))).toBe(false);
  });

  it('is the one way to pay where only Paymob takes payments, and shows its refusal there', async () => {
    const { calls } = stubCheckout({
      'GET /api/v1/config': config({ fawry: false, paymob: true }),
      'POST /api/v1/paymob/create-checkout-url': () => ({
        status: 503,
        body: { code: 'service-unavailable', message: '' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    const paymob = await screen.findByRole('form', { name: 'ادفع ببطاقة دون حفظها' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['بطاقة بنكية']);
    expect(screen.queryByRole('button', { name: 'إضافة بطاقة' })).toBeNull();
    await user.click(within(paymob).getByRole('button', { name: /ادفع ‏١٬١٠٠.*عبر Paymob/ }));
    expect((await within(paymob).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['service-unavailable']);
    expect(calls.some((c) => c.path === '/api/v1/fawry/card-token/list')).toBe(false);
  });

  it('is not offered where Paymob takes no payments', async () => {
    stubCheckout({ 'GET /api/v1/config': config({ fawry: true, paymob: false }) });
    renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByRole('radio', { name: 'Visa تنتهي بـ 4242' })).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.queryByRole('form', { name: 'ادفع ببطاقة دون حفظها' })).toBeNull();
  });
});

describe('the latest payment, still open (GET /tx/last)', { timeout: 20_000 }, () => {
  it('is offered before a method is chosen, without taking the focus, and can be cancelled after confirming', async () => {
    let last = makeTransaction({ id: 40, period: 'quarter', amountPiastres: 297_000, referenceNumber: '987654321' });
    const { calls } = stubCheckout({
      'GET /api/v1/tx/last': () => ({ body: last }),
      'POST /api/v1/fawry/cancel-unpaid-order': () => {
        last = { ...last, status: TransactionStatus.canceled, state: 'cancelled', canCancel: false, canRetry: true };
        return { body: last };
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout/2/month', { user: student });
    const panel = await screen.findByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' });
    expect(panel.textContent).toContain('١٢٠ دقيقة أسبوعيًا، ٣ أشهر');
    expect(panel.textContent).toContain('987654321');
    expect(within(panel).getByRole('link', { name: 'متابعة الدفعة' }).getAttribute('href')).toBe(
      '/checkout/2/quarter?transactionId=40',
    );
    expect(document.activeElement).toBe(document.body);
    // the methods stay there: the student may still choose to pay otherwise
    expect(screen.getByRole('tab', { name: 'بطاقة بنكية' })).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'إلغاء الدفع' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، ألغِ الدفع' }));
    expect(await screen.findByText('أُلغيت عملية الدفع.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' })).toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/fawry/cancel-unpaid-order')?.body).toEqual({ transactionId: 40 });
  });

  it('goes away when the open payment is paid meanwhile (realtime)', async () => {
    let last = makeTransaction({ id: 40 });
    stubCheckout({ 'GET /api/v1/tx/last': () => ({ body: last }) });
    const { realtime } = renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' })).toBeTruthy();
    last = paid(last);
    realtime.push('transaction:status', { transactionId: 40, status: TransactionStatus.paid, subscriptionId: 5 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' })).toBeNull());
  });

  it('is not shown once the latest payment is over, nor before a first payment', async () => {
    stubCheckout({ 'GET /api/v1/tx/last': () => ({ body: paid(makeTransaction()) }) });
    const first = renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByRole('radio', { name: 'Visa تنتهي بـ 4242' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' })).toBeNull();
    first.unmount();

    const { calls } = stubCheckout({
      'GET /api/v1/tx/last': () => ({ status: 404, body: { code: 'transaction-not-found', message: '' } }),
    });
    renderApp('/checkout/2/month', { user: student });
    expect(await screen.findByRole('radio', { name: 'Visa تنتهي بـ 4242' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/tx/last')).toBe(true));
    expect(screen.queryByRole('region', { name: 'دفعتك الأخيرة لم تكتمل بعد' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("leads from a payment's status to its own page", async () => {
    stubCheckout({
      'GET /api/v1/fawry/payment-status': () => ({ body: paid(makeTransaction()) }),
      'POST /api/v1/fawry/payment-status/sync': () => ({ body: paid(makeTransaction()) }),
    });
    renderApp('/checkout/2/month?transactionId=41', { user: student });
    expect(await screen.findByRole('heading', { name: 'تم الدفع بنجاح' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تفاصيل الدفعة' }).getAttribute('href')).toBe('/payments/41');
  });
});
