import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import type { Coupon, Plan } from '@darsak/domain/plans';
import { Role } from '@darsak/domain/users';
import { fieldMessageOf } from '@darsak/ui/i18n';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { type Handlers, stubApi as stubApiAs } from '../../testing/stub-api.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);

const price = (months: number, weeks: number, full: number, discount: number, options: number[]) => ({
  months,
  weeks,
  fullPricePiastres: full,
  discountPercent: discount,
  pricePiastres: Math.round((full * (100 - discount)) / 100),
  installmentOptions: options,
});
const plan: Plan = {
  id: 2,
  nameAr: 'الباقة المتقدمة',
  nameEn: 'Standard',
  weeklyMinutes: 120,
  baseMonthPricePiastres: 110_000,
  monthDiscountPercent: 0,
  quarterDiscountPercent: 10,
  yearDiscountPercent: 20,
  prices: {
    month: price(1, 4, 110_000, 0, [2]),
    quarter: price(3, 12, 330_000, 10, [2]),
    year: price(12, 52, 1_320_000, 20, [2]),
  },
  state: 'active',
  forInvitesOnly: false,
  installments: 2,
  freeTrialAvailable: false,
  freeTrialWeeks: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const stubApi = (handlers: Handlers) => stubApiAs(admin, handlers);

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const emptyCoupons = () => ({ body: { total: 0, list: [] } });

describe('admin /plans', { timeout: 20_000 }, () => {
  it('lists the plans with their prices and creates one in piastres after checking the fields', async () => {
    let plans = [plan];
    const calls = stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: plans.length, list: plans } }),
      'GET /api/v1/coupon/list': emptyCoupons,
      'POST /api/v1/plan': (body) => {
        const created = { ...plan, id: 4, ...(body as object) } as Plan;
        plans = [...plans, created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/plans', admin);
    const table = await screen.findByRole('table', { name: 'الباقات' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /الباقة المتقدمة/ });
    expect(row.textContent).toContain('١٢٠ دقيقة');
    expect(row.textContent).toContain('اشتراك ربع سنوي: ‏٢٬٩٧٠');
    expect(row.textContent).toContain('فعّالة');

    await user.click(screen.getByRole('button', { name: 'باقة جديدة' }));
    const dialog = await screen.findByRole('dialog', { name: 'باقة جديدة' });
    await user.clear(within(dialog).getByLabelText(/الدقائق الأسبوعية/));
    await user.clear(within(dialog).getByLabelText(/خصم السنة/));
    await user.type(within(dialog).getByLabelText(/خصم السنة/), '120');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(fieldMessageOf('ar', 'plan-weekly-minutes-range') ?? '')).toBeTruthy();
    expect(within(dialog).getByText(fieldMessageOf('ar', 'plan-discount-range') ?? '')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/الدقائق الأسبوعية/), '90');
    await user.clear(within(dialog).getByLabelText(/خصم السنة/));
    await user.type(within(dialog).getByLabelText(/خصم السنة/), '25');
    await user.clear(within(dialog).getByLabelText(/سعر الشهر الأساسي/));
    await user.type(within(dialog).getByLabelText(/سعر الشهر الأساسي/), '850.5');
    await user.type(within(dialog).getByLabelText(/الاسم بالعربية/), 'باقة الشركات');
    await user.click(within(dialog).getByRole('checkbox', { name: 'للمدعوين فقط' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظت الباقة.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/plan')?.body).toEqual({
      nameAr: 'باقة الشركات',
      nameEn: null,
      weeklyMinutes: 90,
      baseMonthPricePiastres: 85_050,
      monthDiscountPercent: 0,
      quarterDiscountPercent: 10,
      yearDiscountPercent: 25,
      installments: 1,
      state: 'active',
      forInvitesOnly: true,
    });
    expect(await within(table).findByRole('row', { name: /باقة الشركات/ })).toBeTruthy();
  });

  it('says when deleting a sold plan deactivated it instead', async () => {
    stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/list': emptyCoupons,
      'DELETE /api/v1/plan/2': () => ({ body: { id: 2, outcome: 'deactivated' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/plans', admin);
    await user.click(await screen.findByRole('button', { name: 'حذف الباقة المتقدمة' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الباقة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('أُوقفت الباقة لأنها بيعت من قبل.')).toBeTruthy();
  });

  it('creates a coupon: one discount is required, an existing code is refused on its field', async () => {
    const calls = stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/list': emptyCoupons,
      'POST /api/v1/coupon': () => ({ status: 409, body: { code: 'coupon-exists', message: '' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/plans', admin);
    await user.click(await screen.findByRole('button', { name: 'كود جديد' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'كود جديد' });
    await user.type(within(dialog).getByLabelText(/^الكود/), 'RAMADAN');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(FIELD_MESSAGES_AR['coupon-zero-discount'])).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/نسبة الخصم/), '15');
    await user.type(within(dialog).getByLabelText(/الحد الأقصى للخصم/), '100');
    await user.selectOptions(within(dialog).getByLabelText(/^الباقة/), '2');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(ERROR_MESSAGES_AR['coupon-exists'])).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/coupon')?.body).toEqual({
      code: 'RAMADAN',
      discountPercent: 15,
      discountPiastres: null,
      maxDiscountPiastres: 10_000,
      planId: 2,
      expiresAt: null,
      usageLimit: null,
      status: 3,
    });
  });
});

describe('admin /coupon/{id}', { timeout: 20_000 }, () => {
  const coupon = {
    id: 12,
    code: 'RAMADAN',
    discountPercent: 15,
    discountPiastres: null,
    maxDiscountPiastres: 10_000,
    planId: 2,
    expiresAt: null,
    usageLimit: 100,
    usedCount: 3,
    status: 3,
    createdAt: '2025-01-02T10:00:00.000Z',
  };

  it('opens from the coupons table: the coupon as it is now, its edit and its history', async () => {
    let current = coupon;
    const calls = stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/list': () => ({ body: { total: 1, list: [{ ...coupon, usedCount: 1 }] } }),
      'GET /api/v1/coupon/12': () => ({ body: current }),
      'PUT /api/v1/coupon/12': (body) => {
        current = { ...current, ...(body as object) };
        return { body: current };
      },
      'GET /api/v1/audit-log/list': () => ({
        body: {
          total: 1,
          list: [
            {
              id: 5,
              actorId: admin.id,
              actorName: admin.name,
              action: 'coupon.create',
              objectType: 'coupon',
              objectId: 12,
              userId: null,
              before: null,
              after: { code: 'RAMADAN' },
              reason: null,
              createdAt: '2025-01-02T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    const router = renderAdmin('/plans', admin);
    await user.click(await screen.findByRole('link', { name: 'RAMADAN' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'كود الخصم RAMADAN' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/coupon/12');
    // the coupon's own answer, not the table's row: three uses now
    const facts = screen.getByRole('heading', { name: 'بيانات الكود' }).closest('section') as HTMLElement;
    expect(within(facts).getByText('استُخدم').nextElementSibling?.textContent).toBe('٣ من ١٠٠');
    expect(within(facts).getByText('الخصم').nextElementSibling?.textContent).toMatch(/١٥.*بحد أقصى/);
    expect(within(facts).getByText('الباقة').nextElementSibling?.textContent).toBe('الباقة المتقدمة');
    expect(within(facts).getByText('فعّال')).toBeTruthy();

    const log = await screen.findByRole('table', { name: 'سجل تغييرات الكود' });
    expect(await within(log).findByRole('link', { name: /#١٢/ })).toHaveProperty(
      'href',
      expect.stringMatching(/\/coupon\/12$/),
    );
    const audit = calls.find((c) => c.path === '/api/v1/audit-log/list');
    expect(Object.fromEntries(audit?.query ?? [])).toMatchObject({ objectType: 'coupon', objectId: '12' });

    await user.click(within(facts).getByRole('button', { name: 'تعديل الكود' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الكود' });
    const percent = within(dialog).getByLabelText(/نسبة الخصم/);
    await user.clear(percent);
    await user.type(percent, '20');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(facts).findByText(/٢٠.*بحد أقصى/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/coupon/12' && c.method === 'GET').length).toBeGreaterThan(1);
  });

  it('says when the coupon does not exist, and retries another failure', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/404': () => ({ status: 404, body: { code: 'coupon-not-found', message: '' } }),
      'GET /api/v1/coupon/12': () =>
        fail ? { status: 503, body: { code: 'service-unavailable', message: '' } } : { body: coupon },
      'GET /api/v1/audit-log/list': () => ({ body: { total: 0, list: [] } }),
    });
    const user = userEvent.setup();
    renderAdmin('/coupon/404', admin);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      ERROR_MESSAGES_AR['coupon-not-found'],
    );
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).toBeNull();
    expect(screen.getByRole('link', { name: 'العودة إلى الباقات والأكواد' }).getAttribute('href')).toBe('/plans');
    cleanup();

    renderAdmin('/coupon/12', admin);
    expect((await screen.findByRole('alert')).textContent).toBe('تعذّر تحميل كود الخصم.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'كود الخصم RAMADAN' })).toBeTruthy();
  });
});

describe('admin coupon statuses', { timeout: 20_000 }, () => {
  const coupon = (id: number, status: Coupon['status']): Coupon => ({
    id,
    code: `CODE${id}`,
    discountPercent: 10,
    discountPiastres: null,
    maxDiscountPiastres: null,
    planId: null,
    expiresAt: null,
    usageLimit: null,
    usedCount: 0,
    status,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const options = (dialog: HTMLElement) =>
    within(within(dialog).getByLabelText(/^الحالة/))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('offers only the statuses the machine allows, and shows its refusal', async () => {
    const coupons = [coupon(31, 3), coupon(32, 2), coupon(33, 1)];
    stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/list': () => ({ body: { total: coupons.length, list: coupons } }),
      'PUT /api/v1/coupon/31': () => ({ status: 400, body: { code: 'illegal', message: '' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/plans', admin);
    const edit = async (code: string) => {
      await user.click(await screen.findByRole('button', { name: `تعديل الكود: ${code}` }, { timeout: 5000 }));
      return screen.findByRole('dialog', { name: 'تعديل الكود' });
    };

    const stopped = await edit('CODE32');
    expect(options(stopped)).toEqual(['موقوف']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const draft = await edit('CODE33');
    expect(options(draft)).toEqual(['معلّق', 'فعّال', 'موقوف']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const offered = await edit('CODE31');
    expect(options(offered)).toEqual(['فعّال', 'موقوف']);
    await user.click(within(offered).getByRole('button', { name: 'حفظ' }));
    expect(await within(offered).findByText(ERROR_MESSAGES_AR.illegal)).toBeTruthy();
  });

  it('creates a coupon offered or pending, never stopped', async () => {
    stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [plan] } }),
      'GET /api/v1/coupon/list': emptyCoupons,
    });
    const user = userEvent.setup();
    renderAdmin('/plans', admin);
    await user.click(await screen.findByRole('button', { name: 'كود جديد' }, { timeout: 5000 }));
    expect(options(await screen.findByRole('dialog', { name: 'كود جديد' }))).toEqual(['فعّال', 'معلّق']);
  });
});

describe('admin /plan-invites', { timeout: 20_000 }, () => {
  it('finds a student, invites them to a plan and shows plan-invite-exists inline', async () => {
    const student = { ...admin, id: 9, role: Role.student, name: 'سارة علي', email: 'sara@darsak.test' };
    let invited = false;
    const calls = stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [{ ...plan, forInvitesOnly: true }] } }),
      'GET /api/v1/plan-invite/list': () => ({
        body: invited
          ? {
              total: 1,
              list: [
                {
                  id: 1,
                  planId: 2,
                  userId: 9,
                  userName: 'سارة علي',
                  userEmail: 'sara@darsak.test',
                  createdBy: 1,
                  createdAt: '2025-01-02T00:00:00.000Z',
                },
              ],
            }
          : { total: 0, list: [] },
      }),
      'GET /api/v1/user/list': (_body, url) => {
        expect(url.searchParams.get('role')).toBe('4');
        return { body: { total: 1, list: [student] } };
      },
      'POST /api/v1/plan-invite': () => {
        if (invited) return { status: 409, body: { code: 'plan-invite-exists', message: '' } };
        invited = true;
        return { status: 201, body: { id: 1 } };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/plan-invites', admin);
    expect(await screen.findByText('لا توجد دعوات بعد.', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'أرسل الدعوة' }));
    expect(screen.getByText('اختر الباقة.')).toBeTruthy();
    expect(screen.getByText('اختر طالبًا من نتائج البحث.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(/^الباقة/), '2');
    await user.type(screen.getByLabelText(/ابحث عن طالب/), 'sara');
    await user.click(await screen.findByRole('button', { name: 'اختيار سارة علي' }, { timeout: 3000 }));
    await user.click(screen.getByRole('button', { name: 'أرسل الدعوة' }));
    expect(await screen.findByText('دُعي سارة علي إلى الباقة.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/plan-invite')?.body).toEqual({ planId: 2, userId: 9 });
    const table = await screen.findByRole('table', { name: 'الدعوات' });
    expect(await within(table).findByText('sara@darsak.test')).toBeTruthy();

    await user.type(screen.getByLabelText(/ابحث عن طالب/), 'sara');
    await user.click(await screen.findByRole('button', { name: 'اختيار سارة علي' }, { timeout: 3000 }));
    await user.click(screen.getByRole('button', { name: 'أرسل الدعوة' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(ERROR_MESSAGES_AR['plan-invite-exists']),
    );
  });
});

describe('admin /plan-invites: moving an invite', { timeout: 20_000 }, () => {
  const other: Plan = { ...plan, id: 3, nameAr: 'الباقة المكثفة', weeklyMinutes: 230, forInvitesOnly: true };
  const invite = {
    id: 1,
    planId: 2,
    userId: 9,
    userName: 'سارة علي',
    userEmail: 'sara@darsak.test',
    createdBy: 1,
    createdAt: '2025-01-02T00:00:00.000Z',
  };

  it('moves an invite to another plan, refusing the same plan and showing the server’s refusal', async () => {
    let current = invite;
    let refuse = true;
    const calls = stubApi({
      'GET /api/v1/plan/list': () => ({ body: { total: 2, list: [plan, other] } }),
      'GET /api/v1/plan-invite/list': () => ({ body: { total: 1, list: [current] } }),
      'PATCH /api/v1/plan-invite': (body) => {
        if (refuse) return { status: 409, body: { code: 'plan-invite-exists', message: '' } };
        current = { ...current, planId: (body as { planId: number }).planId };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/plan-invites', admin);
    const table = await screen.findByRole('table', { name: 'الدعوات' }, { timeout: 5000 });
    expect(await within(table).findByText('الباقة المتقدمة')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'تغيير الباقة: الدعوة الموجّهة إلى سارة علي' }));
    let dialog = await screen.findByRole('dialog', { name: 'تغيير باقة دعوة سارة علي' });
    const select = within(dialog).getByLabelText(/^الباقة/);
    expect((select as HTMLSelectElement).value).toBe('2');
    await user.click(within(dialog).getByRole('button', { name: 'نقل الدعوة' }));
    expect(await within(dialog).findByText('اختر باقة غير باقتها الحالية.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.selectOptions(select, '3');
    await user.click(within(dialog).getByRole('button', { name: 'نقل الدعوة' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['plan-invite-exists']);

    // closed and opened again, the earlier refusal is gone
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    refuse = false;
    await user.click(within(table).getByRole('button', { name: 'تغيير الباقة: الدعوة الموجّهة إلى سارة علي' }));
    dialog = await screen.findByRole('dialog', { name: 'تغيير باقة دعوة سارة علي' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(/^الباقة/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'نقل الدعوة' }));
    expect(await screen.findByText('نُقلت الدعوة إلى الباقة المكثفة.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ id: 1, planId: 3 });
    expect(await within(table).findByText('الباقة المكثفة')).toBeTruthy();
  });
});
