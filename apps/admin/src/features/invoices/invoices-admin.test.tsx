import { createFakeRealtimeServer } from '@darsak/client';
import type { Invoice } from '@darsak/domain/invoices';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser, testToken } from '../../testing/render-admin.tsx';
import { setQueueSocketFactory } from './hooks/use-invoices-queue.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);

const pending = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 21,
  ownerId: 9,
  ownerName: 'أحمد محمود',
  amountPiastres: 40_000,
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
  ownerAvailablePiastres: 65_000,
  ...overrides,
});

type Answer = { status?: number; body: unknown };
function stubApi(handlers: Record<string, (init: RequestInit | undefined, url: URL) => Answer>) {
  const calls: Array<{ method: string; path: string; query: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, path: url.pathname, query: url.search, body });
      const table: Record<string, (init: RequestInit | undefined, url: URL) => Answer> = {
        'POST /api/v1/auth/refresh-token': () => ({ body: { token: testToken } }),
        'GET /api/v1/user/current': () => ({ body: admin }),
        ...handlers,
      };
      const answer = table[`${method} ${url.pathname}`]?.(init, url) ?? {
        status: 404,
        body: { code: 'route-not-found' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  // Without XMLHttpRequest the upload goes through the stubbed fetch (progress is then not reported).
  vi.stubGlobal('XMLHttpRequest', undefined);
  return calls;
}

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin /invoices', { timeout: 20_000 }, () => {
  it('follows the admin-invoices channel, filters, and pays a request with a receipt after confirming', async () => {
    const realtime = createFakeRealtimeServer();
    setQueueSocketFactory(realtime.factory);
    realtime.handle('channel:subscribe', () => ({ ok: true, data: null }));
    let list: Invoice[] = [];
    const calls = stubApi({
      'GET /api/v1/invoice': () => ({ body: { total: list.length, list } }),
      'PUT /api/v1/invoice/21/with/asset': () => {
        list = [];
        return { body: pending({ status: 3, label: 'fulfilled', receiptUrl: '/assets/receipts/r.webp' }) };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/invoices', admin);

    expect(await screen.findByText('لا طلبات تطابق التصفية.')).toBeTruthy();
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'channel:subscribe', payload: { channel: 'admin-invoices' } }),
    );
    await user.selectOptions(screen.getByLabelText('الحالة'), 'قيد المراجعة');
    await waitFor(() => expect(calls.some((c) => c.query.includes('status=0'))).toBe(true));

    // a tutor's new request arrives live
    list = [pending()];
    realtime.push('invoice:updated', { invoiceId: 21, status: 0 });
    const row = (await screen.findByText('أحمد محمود')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('ahmed@instapay');
    expect(row.textContent).toContain('٦٥٠٫٠٠');
    // from status 0: pay, reject or cancel; approving a cancellation (or an update: none waits) is not offered
    expect(within(row).queryByRole('button', { name: /الموافقة على الإلغاء/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /اعتماد التعديل/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'تم التحويل: 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'تم التحويل' });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('هذا الحقل مطلوب.');
    const receipt = new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(/صورة الإيصال/), receipt);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('تم تحديث الطلب رقم ٢١')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'PUT')?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent instanceof FormData && sent.get('receipt')).toBeInstanceOf(File);
  });

  it('offers a request the tutor asked to cancel for approval, not for payment or rejection', async () => {
    setQueueSocketFactory(createFakeRealtimeServer().factory);
    const calls = stubApi({
      'GET /api/v1/invoice': () => ({
        body: { total: 1, list: [pending({ status: 1, label: 'canceled-by-receiver' })] },
      }),
      'POST /api/v1/invoice/21/action': () => ({
        body: pending({ status: 2, label: 'cancellation-approved-by-admin' }),
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/invoices', admin);
    const row = (await screen.findByText('أحمد محمود')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'رفض: 21' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'الموافقة على الإلغاء: 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'الموافقة على الإلغاء' });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'approveCancel' }));
  });

  it("shows the tutor's edit beside the request and approves exactly that edit after confirming", async () => {
    setQueueSocketFactory(createFakeRealtimeServer().factory);
    const proposal = {
      amountPiastres: 55_000,
      method: 0 as const,
      withdrawMethodId: 4,
      phone: '01012345678',
      bank: null,
      accountNumber: null,
      receiverName: null,
      instapayAddress: null,
    };
    let request = pending({ label: 'updated-by-receiver', pendingUpdate: proposal });
    let answer: Answer = { body: pending({ amountPiastres: 55_000, method: 0, phone: '01012345678' }) };
    const calls = stubApi({
      'GET /api/v1/invoice': () => ({ body: { total: 1, list: [request] } }),
      'POST /api/v1/invoice/21/action': () => answer,
    });
    const user = userEvent.setup();
    renderAdmin('/invoices', admin);
    const row = (await screen.findByText('أحمد محمود')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('تعديل بانتظار الموافقة');
    expect(row.textContent).toMatch(/التعديل المطلوب: \u200f?٥٥٠٫٠٠/);
    expect(row.textContent).toContain('التعديل المطلوب: محفظة موبايل — 01012345678');
    // Not paid out while the edit waits: what is transferred is what was approved.
    expect(within(row).queryByRole('button', { name: 'تم التحويل: 21' })).toBeNull();

    // The tutor changed the edit meanwhile: nothing is approved, the message says so, the new values show.
    answer = { status: 409, body: { code: 'invoice-update-changed', message: '' } };
    await user.click(within(row).getByRole('button', { name: 'اعتماد التعديل: 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'اعتماد التعديل' });
    expect(dialog.textContent).toContain('يصبح المبلغ');
    expect(dialog.textContent).toContain('٥٥٠٫٠٠');
    expect(dialog.textContent).toContain('محفظة موبايل: 01012345678');
    request = pending({ label: 'updated-by-receiver', pendingUpdate: { ...proposal, amountPiastres: 60_000 } });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('غيّر المعلّم التعديل بعد أن فتحته');
    expect(await within(dialog).findByText(/٦٠٠٫٠٠/)).toBeTruthy();

    answer = { body: pending({ amountPiastres: 60_000, method: 0, phone: '01012345678' }) };
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('تم تحديث الطلب رقم ٢١')).toBeTruthy();
    const approvals = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(approvals).toEqual([
      { action: 'approveUpdate', update: proposal },
      { action: 'approveUpdate', update: { ...proposal, amountPiastres: 60_000 } },
    ]);
  });
});
