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
    await user.click(await screen.findByRole('button', { name: 'اشترك في الباقة المتقدمة' }));
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
    await user.click(await screen.findByRole('button', { name: 'اشترك في الباقة الأساسية' }));
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
    expect(await screen.findByText(/لديك اشتراك فعّال \(١٢٠ دقيقة أسبوعيًا\)/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'اشترك في الباقة المتقدمة' })).toHaveProperty('disabled', true),
    );
  });
});
