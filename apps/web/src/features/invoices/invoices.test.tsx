import type { Balance, Invoice, WithdrawMethodItem } from '@darsak/domain/invoices';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const tutor = makeUser({ id: 9, role: 3, name: 'أحمد محمود' });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const balance = (available: number, reserved = 0): Balance => ({
  tutorId: 9,
  earnedPiastres: 105_000,
  reservedPiastres: reserved,
  paidOutPiastres: 105_000 - available - reserved,
  availablePiastres: available,
  fulfilledLessons: 16,
  limits: { withdrawalMinPiastres: 10_000, withdrawalMaxPiastres: 5_000_000 },
  weekly: [
    { weekStart: '2026-11-14', piastres: 15_000 },
    { weekStart: '2026-11-21', piastres: 7_500 },
  ],
});

const instapay: WithdrawMethodItem = {
  id: 3,
  method: 2,
  phone: null,
  bank: null,
  accountNumber: null,
  receiverName: null,
  instapayAddress: 'ahmed@instapay',
  isDefault: true,
  createdAt: '2026-11-20T10:00:00Z',
};

const request = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 21,
  ownerId: 9,
  ownerName: 'أحمد محمود',
  amountPiastres: 50_000,
  status: 0,
  label: 'pending',
  method: 2,
  withdrawMethodId: 3,
  phone: null,
  bank: null,
  accountNumber: null,
  receiverName: null,
  instapayAddress: 'ahmed@instapay',
  adminNote: null,
  receiptUrl: null,
  addressedBy: null,
  addressedAt: null,
  pendingUpdate: null,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:00:00Z',
  ownerAvailablePiastres: 55_000,
  ...overrides,
});

describe('/invoices', { timeout: 20_000 }, () => {
  it('shows the balance, requests a withdrawal within it, and follows staff decisions live', async () => {
    let invoices: Invoice[] = [];
    // An admin narrowed the least withdrawal to 200 EGP.
    let current: Balance = {
      ...balance(105_000),
      limits: { withdrawalMinPiastres: 20_000, withdrawalMaxPiastres: 5_000_000 },
    };
    const { calls } = stubApi(
      {
        'GET /api/v1/invoice/stats/9': () => ({ body: current }),
        'GET /api/v1/invoice': () => ({ body: { total: invoices.length, list: invoices } }),
        'GET /api/v1/invoice/earnings': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/withdraw-method': () => ({ body: [instapay] }),
        'POST /api/v1/invoice': () => {
          invoices = [request()];
          current = balance(55_000, 50_000);
          return { status: 201, body: invoices[0] };
        },
      },
      tutor,
    );
    const user = userEvent.setup();
    const { realtime } = renderApp('/invoices', { user: tutor });

    const tiles = await screen.findByLabelText('رصيدك');
    expect(tiles.textContent).toContain('المتاح للسحب');
    expect(tiles.textContent).toContain('من ١٦ درسًا مكتملًا');
    expect(screen.getByRole('img', { name: 'الأرباح حسب الأسبوع' })).toBeTruthy();
    expect(await screen.findByText('لم تطلب أي سحب بعد.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'طلب سحب' }));
    const dialog = await screen.findByRole('dialog', { name: 'طلب سحب' });
    expect(dialog.textContent).toContain('خلال ٤ إلى ٥ أيام عمل');
    const amount = within(dialog).getByLabelText(/المبلغ بالجنيه/);
    expect(dialog.textContent).toMatch(/من\s*\S*٢٠٠٫٠٠\sج\.م\.\S*\s*إلى/);
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    expect(await within(dialog).findByText('المبلغ خارج الحدين الأدنى والأقصى للسحب المعمول بهما الآن.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    expect(await within(dialog).findByText('المبلغ أكبر من رصيدك المتاح للسحب.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/invoice')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/invoice')?.body).toEqual({
      amount: 500,
      withdrawMethodId: 3,
    });
    const list = await screen.findByRole('list', { name: 'طلبات السحب' });
    expect((await within(list).findByText('قيد المراجعة')).textContent).toBe('قيد المراجعة');

    // staff reject it: the event refreshes the list, with their note
    invoices = [request({ status: 4, label: 'rejected', adminNote: 'العنوان غير صحيح' })];
    realtime.push('invoice:updated', { invoiceId: 21, status: 4 });
    expect(await within(list).findByText('ملاحظة الإدارة: العنوان غير صحيح')).toBeTruthy();
    expect(within(list).getByText('مرفوض')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'تعديل' })).toBeNull();
  });

  it('asks before a saved method is removed, and keeps each method to its own fields', async () => {
    let methods = [instapay];
    const { calls } = stubApi(
      {
        'GET /api/v1/invoice/stats/9': () => ({ body: balance(105_000) }),
        'GET /api/v1/invoice': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/invoice/earnings': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/withdraw-method': () => ({ body: methods }),
        'DELETE /api/v1/withdraw-method/3': () => {
          methods = [];
          return { status: 204, body: null };
        },
        'POST /api/v1/withdraw-method': () => ({ status: 201, body: { ...instapay, id: 4, method: 0 } }),
      },
      tutor,
    );
    const user = userEvent.setup();
    renderApp('/invoices', { user: tutor });

    await user.click(await screen.findByRole('button', { name: 'إضافة وسيلة' }));
    const form = await screen.findByRole('dialog', { name: 'وسيلة سحب' });
    await user.selectOptions(within(form).getByLabelText(/^الوسيلة/), 'محفظة موبايل');
    expect(within(form).queryByLabelText(/عنوان إنستاباي/)).toBeNull();
    await user.type(within(form).getByLabelText(/رقم المحفظة/), '0131');
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    expect(await within(form).findByText(/رقم الموبايل غير صالح/)).toBeTruthy();
    await user.clear(within(form).getByLabelText(/رقم المحفظة/));
    await user.type(within(form).getByLabelText(/رقم المحفظة/), '01012345678');
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/withdraw-method')?.body).toEqual({
      method: 0,
      phone: '01012345678',
      isDefault: false,
    });

    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف وسيلة السحب؟' });
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('لم تحفظ أي وسيلة سحب بعد.')).toBeTruthy();
  });

  it('sends an edit for approval, shows it waiting, and starts the next edit from it', async () => {
    const wallet: WithdrawMethodItem = { ...instapay, id: 4, method: 0, phone: '01012345678', instapayAddress: null };
    let invoices = [request()];
    const { calls } = stubApi(
      {
        'GET /api/v1/invoice/stats/9': () => ({ body: balance(55_000, 50_000) }),
        'GET /api/v1/invoice': () => ({ body: { total: invoices.length, list: invoices } }),
        'GET /api/v1/invoice/earnings': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/withdraw-method': () => ({ body: [instapay, wallet] }),
        'PATCH /api/v1/invoice/21': () => {
          invoices = [
            request({
              label: 'updated-by-receiver',
              pendingUpdate: {
                amountPiastres: 80_000,
                method: 0,
                withdrawMethodId: 4,
                phone: '01012345678',
                bank: null,
                accountNumber: null,
                receiverName: null,
                instapayAddress: null,
              },
              ownerAvailablePiastres: 25_000,
            }),
          ];
          return { body: invoices[0] };
        },
      },
      tutor,
    );
    const user = userEvent.setup();
    renderApp('/invoices', { user: tutor });
    const list = await screen.findByRole('list', { name: 'طلبات السحب' });

    await user.click(await within(list).findByRole('button', { name: 'تعديل' }));
    let dialog = await screen.findByRole('dialog', { name: 'تعديل طلب السحب' });
    expect(dialog.textContent).toContain('يصل التعديل إلى الإدارة لاعتماده');
    // What the request holds (500) counts as available: 1,050 EGP in all.
    const amount = within(dialog).getByLabelText(/المبلغ بالجنيه/);
    await user.clear(amount);
    await user.type(amount, '1050.01');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال التعديل' }));
    expect(await within(dialog).findByText('المبلغ أكبر من رصيدك المتاح للسحب.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '800');
    await user.selectOptions(within(dialog).getByLabelText(/وسيلة السحب/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال التعديل' }));
    expect(await screen.findByText('أُرسل التعديل، وينتظر موافقة الإدارة')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ amount: 800, withdrawMethodId: 4 });

    // The request keeps its values until staff approve; the edit shows beside it.
    expect(await within(list).findByText('تعديل بانتظار الموافقة')).toBeTruthy();
    const waiting = within(list).getByText(/تعديلك بانتظار موافقة الإدارة/);
    expect(waiting.textContent).toContain('٨٠٠٫٠٠');
    expect(waiting.textContent).toContain('محفظة موبايل 01012345678');
    expect(list.textContent).toContain('٥٠٠٫٠٠');

    // Editing again starts from the edit that waits (800 EGP, the wallet); what the request holds is 800 now.
    await user.click(within(list).getByRole('button', { name: 'تعديل' }));
    dialog = await screen.findByRole('dialog', { name: 'تعديل طلب السحب' });
    expect((within(dialog).getByLabelText(/المبلغ بالجنيه/) as HTMLInputElement).value).toBe('800');
    expect((within(dialog).getByLabelText(/وسيلة السحب/) as HTMLSelectElement).value).toBe('4');
    expect(dialog.textContent).toMatch(/المتاح: \S*١٬٠٥٠٫٠٠/);
  });
});
