import type { Plan } from '@darsak/domain/plans';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makePlan, makeSubscription, NO_SUBSCRIPTION, THREE_PLANS } from '../../testing/payments-factories.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const list =
  (plans = THREE_PLANS) =>
  () => ({ body: { total: plans.length, list: plans } });

describe('/plans', { timeout: 20_000 }, () => {
  it('shows a visitor the tiers with month, quarter and year prices, discounts and instalments', async () => {
    stubApi({ 'GET /api/v1/plan/list': list() });
    renderApp('/plans');
    const middle = await screen.findByRole('article', { name: 'الباقة المتقدمة' });
    expect(within(middle).getByText('١٢٠ دقيقة أسبوعيًا')).toBeTruthy();
    const prices = within(middle).getByRole('list', { name: 'أسعار الباقة المتقدمة' });
    const [month, quarter, year] = within(prices).getAllByRole('listitem');
    expect(month?.textContent).toContain('اشتراك شهري');
    expect(month?.textContent).toContain('١٬١٠٠');
    expect(month?.textContent).toContain('بدون خصم');
    // 3 × 1,100 = 3,300, less 10% = 2,970
    expect(quarter?.textContent).toContain('٢٬٩٧٠');
    expect(quarter?.textContent).toContain('خصم ١٠٪');
    expect(quarter?.textContent).toContain('السعر الكامل ‏٣٬٣٠٠');
    expect(year?.textContent).toContain('١٠٬٥٦٠');
    expect(year?.textContent).toContain('خصم ٢٠٪');
    expect(within(middle).getByText(/على دفعتين، دفعة كل شهر/)).toBeTruthy();
    const top = screen.getByRole('article', { name: 'الباقة المكثفة' });
    expect(within(top).getByText(/على دفعتين أو ٣ دفعات/)).toBeTruthy();
    const starter = screen.getByRole('article', { name: 'الباقة الأساسية' });
    expect(within(starter).getByText(/الدفع مرة واحدة/)).toBeTruthy();
  });

  it('marks a plan for invitees only, and shows an empty state when nothing is offered', async () => {
    stubApi({ 'GET /api/v1/plan/list': list([makePlan({ id: 9, nameAr: 'باقة الشركات', forInvitesOnly: true })]) });
    const view = renderApp('/plans');
    const plan = await screen.findByRole('article', { name: /باقة الشركات/ });
    expect(within(plan).getByText('باقة خاصة بالمدعوين')).toBeTruthy();
    view.unmount();

    stubApi({ 'GET /api/v1/plan/list': list([]) });
    renderApp('/plans');
    expect(await screen.findByRole('heading', { name: 'لا توجد باقات متاحة الآن' })).toBeTruthy();
  });

  it('opens the subscribe dialog, takes a period and goes to the checkout', async () => {
    const student = makeUser();
    stubApi(
      {
        'GET /api/v1/plan/list': list(),
        'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
        'GET /api/v1/plan/2': () => ({ body: THREE_PLANS[1] }),
        'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
      },
      student,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/plans', { user: student });
    await user.click(await screen.findByRole('button', { name: 'اشترك الآن في الباقة المتقدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'الاشتراك في الباقة المتقدمة' });
    expect(within(dialog).getByRole('radio', { name: /اشتراك شهري/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: /اشتراك ربع سنوي/ }));
    expect(within(dialog).getByText('لمدة ١٢ أسبوعًا')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'متابعة إلى الدفع' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/quarter'));
  });

  it('sends a visitor who subscribes to sign in first, then back to the checkout', async () => {
    stubApi({ 'GET /api/v1/plan/list': list() });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'اشترك الآن في الباقة الأساسية' }));
    expect(screen.getByText(/ستحتاج إلى تسجيل الدخول/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'متابعة إلى الدفع' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/checkout/1/month')}`);
  });

  it('tells a subscribed student until when, and does not offer a second subscription', async () => {
    const student = makeUser();
    stubApi(
      {
        'GET /api/v1/plan/list': list(),
        'GET /api/v1/sub/user': () => ({ body: makeSubscription() }),
      },
      student,
    );
    renderApp('/plans', { user: student });
    const notice = await screen.findByText(/لديك اشتراك فعّال \(١٢٠ دقيقة أسبوعيًا\)/);
    // a paid subscription keeps its end date
    expect(notice.textContent).toMatch(/حتى .*٢٠٢٥/);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'اشترك الآن في الباقة المتقدمة' })).toHaveProperty('disabled', true),
    );
  });
});

describe('/plans: the free trial', { timeout: 20_000 }, () => {
  const invited = makePlan({
    id: 1,
    nameAr: 'الباقة الأساسية',
    weeklyMinutes: 60,
    freeTrialAvailable: true,
    freeTrialWeeks: 0,
  });
  const trialPlans = [invited, THREE_PLANS[1] as Plan];
  const trial = makeSubscription({
    id: 9,
    planId: 1,
    period: 'freeTrial',
    weeklyMinutes: 60,
    remainingWeeklyMinutes: 60,
    pricePiastres: 0,
    transactionId: null,
    endsAt: '2124-12-26T04:00:00.000Z',
  });

  /** Signed in as an invited student; `answer` is what starting the trial gets. */
  function setUp(answer: () => { status?: number; body: unknown }) {
    const student = makeUser();
    let started = false;
    const stub = stubApi(
      {
        'GET /api/v1/plan/list': list(trialPlans),
        'GET /api/v1/sub/user': () => ({ body: started ? trial : NO_SUBSCRIPTION }),
        'POST /api/v1/sub/free-trial': () => {
          const result = answer();
          started = (result.status ?? 201) === 201;
          return result;
        },
        'GET /api/v1/user/student/stats/personalized': () => ({
          body: {
            studentId: 7,
            lessons: { fulfilled: 0, upcoming: 0, cancelled: 0 },
            tutors: 0,
            learnedMinutes: 0,
            weeklyMinutes: 60,
            remainingWeeklyMinutes: 60,
            weekEndsAt: null,
          },
        }),
        'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    return { ...stub, ...renderApp('/plans', { user: student }), user: userEvent.setup() };
  }

  it('offers it on the invited plan alone, tells what it gives, starts it and shows the minutes on the dashboard', async () => {
    const { user, router, calls } = setUp(() => ({ status: 201, body: trial }));
    const card = await screen.findByRole('article', { name: /الباقة الأساسية/ });
    expect(within(card).getByText('تجربة مجانية متاحة لك')).toBeTruthy();
    const other = screen.getByRole('article', { name: /الباقة المتقدمة/ });
    expect(within(other).queryByRole('button', { name: /التجربة المجانية/ })).toBeNull();

    // keyboard: focus the action and open it with Enter
    const open = within(card).getByRole('button', { name: 'ابدأ التجربة المجانية في الباقة الأساسية' });
    await waitFor(() => expect(open).toHaveProperty('disabled', false));
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'تجربة مجانية: الباقة الأساسية' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const terms = within(dialog).getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual([
      '٦٠ دقيقة أسبوعيًا',
      'مفتوحة بلا تاريخ انتهاء',
      'مجانًا، بلا دفع ولا بطاقة',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'ابدأ التجربة المجانية' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/sub/free-trial')?.body).toEqual({
      planId: 1,
    });
    const toast = (await screen.findAllByText('بدأت تجربتك المجانية'))[0]?.parentElement as HTMLElement;
    expect(toast.textContent).toContain('لديك ٦٠ دقيقة هذا الأسبوع. احجز درسك الأول الآن.');
    // the subscription is fetched again: the dashboard shows the trial's minutes
    const minutes = await screen.findByText('الدقائق المتبقية هذا الأسبوع');
    await waitFor(() => expect(minutes.closest('div')?.textContent).toContain('من ٦٠ دقيقة'));
  });

  it('tells a student on the trial that it has no end and that a paid plan replaces it, and lets them buy one', async () => {
    const student = makeUser();
    stubApi(
      {
        // the trial is used: no plan offers it any more
        'GET /api/v1/plan/list': list([{ ...invited, freeTrialAvailable: false }, THREE_PLANS[1] as Plan]),
        'GET /api/v1/sub/user': () => ({ body: trial }),
        'GET /api/v1/plan/2': () => ({ body: THREE_PLANS[1] }),
        'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
      },
      student,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/plans', { user: student });
    const notice = await screen.findByText(/أنت في تجربة مجانية \(٦٠ دقيقة أسبوعيًا\) بلا تاريخ انتهاء/);
    expect(notice.textContent).toContain('إن اشتركت في باقة مدفوعة تنتهي التجربة ويبدأ اشتراكك فور تأكيد الدفع');
    expect(notice.textContent).not.toMatch(/٢١٢٤/);
    expect(screen.queryByRole('button', { name: /التجربة المجانية/ })).toBeNull();

    const subscribe = screen.getByRole('button', { name: 'اشترك الآن في الباقة المتقدمة' });
    expect(subscribe).toHaveProperty('disabled', false);
    await user.click(subscribe);
    await user.click(await screen.findByRole('button', { name: 'متابعة إلى الدفع' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/2/month'));
  });

  it('tells the weeks of a trial that ends, in the dialog and, once on it, in the notice with its end date', async () => {
    const student = makeUser();
    const twoWeeks = { ...invited, freeTrialWeeks: 2 };
    const ending = { ...trial, startsAt: '2025-01-01T10:05:00.000Z', endsAt: '2025-01-15T04:00:00.000Z' };
    let onTrial = false;
    stubApi(
      {
        'GET /api/v1/plan/list': () => list(onTrial ? [THREE_PLANS[1] as Plan] : [twoWeeks])(),
        'GET /api/v1/sub/user': () => ({ body: onTrial ? ending : NO_SUBSCRIPTION }),
      },
      student,
    );
    const user = userEvent.setup();
    const { unmount } = renderApp('/plans', { user: student });
    const card = await screen.findByRole('article', { name: /الباقة الأساسية/ });
    await user.click(within(card).getByRole('button', { name: /ابدأ التجربة المجانية/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('definition')[1]?.textContent).toBe('أسبوعان');
    unmount();

    onTrial = true;
    renderApp('/plans', { user: student });
    const notice = await screen.findByText(/أنت في تجربة مجانية \(٦٠ دقيقة أسبوعيًا\) حتى .*٢٠٢٥/);
    expect(notice.textContent).not.toContain('بلا تاريخ انتهاء');
  });

  it.each([
    ['payment-in-progress', /لديك دفعة لم تكتمل بعد/, 'مدفوعاتي'],
    ['subscription-exists', /لديك اشتراك فعّال بالفعل/, 'تفاصيل اشتراكك'],
    ['free-trial-used', /استخدمت تجربتك المجانية من قبل/, null],
  ])('[%s] says why inside the dialog, in Arabic', async (code, message, link) => {
    const { user, router, calls } = setUp(() => ({ status: 409, body: { code, message: '' } }));
    const card = await screen.findByRole('article', { name: /الباقة الأساسية/ });
    await user.click(within(card).getByRole('button', { name: /ابدأ التجربة المجانية/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'ابدأ التجربة المجانية' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(message);
    expect(within(dialog).queryByRole('button', { name: 'ابدأ التجربة المجانية' })).toBeNull();
    expect(router.state.location.pathname).toBe('/plans');
    if (link) {
      expect(within(alert).getByRole('link', { name: link }).getAttribute('href')).toBe('/payments');
    } else {
      expect(within(alert).queryByRole('link')).toBeNull();
    }
    // closed, the plans are fetched again (the card was out of date)
    const listed = () => calls.filter((c) => c.path === '/api/v1/plan/list').length;
    const before = listed();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
  });
});
