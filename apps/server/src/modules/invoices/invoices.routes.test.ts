import { type Balance, type Invoice, WITHDRAW_METHODS_MAX } from '@darsak/domain/invoices';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng, multipartRequest, type UploadPart } from '../../../test/harness/multipart.ts';
import { credit, fulfilledLesson, requestWithdrawal, saveInstapay } from '../../../test/invoice-fixtures.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { invoiceEvents, invoices } from './invoices.table.ts';

let t: TestApp;
let admin: Actor;
let tutor: Actor;
let other: Actor;
let student: Actor;
let manager: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-25T10:00:00Z' });
  [admin, tutor, other, student, manager] = [
    await createActor(t, 'admin'),
    await createActor(t, 'tutor'),
    await createActor(t, 'tutor'),
    await createActor(t, 'student'),
    await createActor(t, 'tutorManager'),
  ];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const as = (actor: Actor, method: Method, url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });
const balanceOf = async (who: Actor): Promise<Balance> =>
  (await as(who, 'GET', `/api/v1/invoice/stats/${who.id}`)).json();
const uploadReceipt = (actor: Actor, id: number, part: UploadPart) => {
  const { payload, headers } = multipartRequest({ receipt: part });
  return injectAs(t.app, actor.token, { method: 'PUT', url: `/api/v1/invoice/${id}/with/asset`, payload, headers });
};
const rowOf = async (id: number) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
/** The admin's "approve update" of the proposal they were shown. */
const approveUpdate = (invoice: Invoice, extra: object = {}) =>
  as(admin, 'POST', `/api/v1/invoice/${invoice.id}/action`, {
    action: 'approveUpdate',
    update: invoice.pendingUpdate,
    ...extra,
  });

describe('withdraw methods', () => {
  it('saves each method with its own fields, the first as default', async () => {
    const tutorA = await createActor(t, 'tutor');
    const wallet = await as(tutorA, 'POST', '/api/v1/withdraw-method', { method: 0, phone: '01012345678' });
    expect(wallet.statusCode).toBe(201);
    expect(wallet.json()).toMatchObject({ method: 0, phone: '01012345678', isDefault: true });
    const bank = await as(tutorA, 'POST', '/api/v1/withdraw-method', {
      method: 1,
      bank: 'NBE',
      accountNumber: '1234 5678 9012',
      receiverName: 'Ahmed Ali',
      phone: '01012345678',
    });
    expect(bank.json()).toMatchObject({ method: 1, bank: 'NBE', accountNumber: '123456789012', phone: null });
    const list = await as(tutorA, 'GET', '/api/v1/withdraw-method');
    expect(list.json().map((m: { method: number }) => m.method)).toEqual([0, 1]);

    const edited = await as(tutorA, 'PUT', `/api/v1/withdraw-method/${bank.json().id}`, {
      method: 2,
      instapayAddress: 'Ahmed_1@instapay',
      isDefault: true,
    });
    expect(edited.json()).toMatchObject({
      method: 2,
      instapayAddress: 'ahmed_1@instapay',
      bank: null,
      isDefault: true,
    });
    expect((await as(tutorA, 'GET', '/api/v1/withdraw-method')).json()[0].id).toBe(bank.json().id);
    expect((await as(tutorA, 'DELETE', `/api/v1/withdraw-method/${wallet.json().id}`)).statusCode).toBe(204);
  });

  it('keeps at most WITHDRAW_METHODS_MAX methods per tutor, however many are added at once', async () => {
    const tutor = await createActor(t, 'tutor');
    const added = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        as(tutor, 'POST', '/api/v1/withdraw-method', { method: 0, phone: `0101234${String(i).padStart(4, '0')}` }),
      ),
    );
    expect(added.filter((a) => a.statusCode === 201)).toHaveLength(WITHDRAW_METHODS_MAX);
    for (const refused of added.filter((a) => a.statusCode !== 201)) {
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'too-many-withdraw-methods']);
    }
    expect((await as(tutor, 'GET', '/api/v1/withdraw-method')).json()).toHaveLength(WITHDRAW_METHODS_MAX);
  });

  it('answers invalid-invoice-method for a method without its fields, incorrect-phone for a wallet number off the Egyptian pattern, and bad-request for other malformed ones', async () => {
    const missing = await as(tutor, 'POST', '/api/v1/withdraw-method', { method: 1, bank: 'CIB' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'invalid-invoice-method',
      details: { fields: { accountNumber: 'required', receiverName: 'required' } },
    });
    expect(missing.json().message).toMatch(/[\u0600-\u06FF]/);
    const wrongPhone = await as(tutor, 'POST', '/api/v1/withdraw-method', { method: 0, phone: '0101234567' });
    expect(wrongPhone.statusCode).toBe(422);
    expect(wrongPhone.json()).toMatchObject({
      code: 'incorrect-phone',
      details: { fields: { phone: 'phone-invalid' } },
    });
    for (const body of [
      { method: 2, instapayAddress: 'ahmed@gmail.com' },
      { method: 1, bank: 'HSBC', accountNumber: '123456789012', receiverName: 'Ahmed Ali' },
      { method: 3, phone: '01012345678' },
    ]) {
      const response = await as(tutor, 'POST', '/api/v1/withdraw-method', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('bad-request');
    }
    expect((await as(tutor, 'GET', '/api/v1/withdraw-method')).json()).toEqual([]);
  });

  it("keeps another tutor's methods out of reach", async () => {
    const mine = await saveInstapay(t, other, 'other@instapay');
    expect((await as(tutor, 'DELETE', `/api/v1/withdraw-method/${mine.id}`)).json().code).toBe(
      'withdraw-method-not-found',
    );
    const stolen = await as(tutor, 'POST', '/api/v1/invoice', { amount: 100, withdrawMethodId: mine.id });
    expect(stolen.json().code).toBe('withdraw-method-not-found');
  });
});

describe('balance and earnings', () => {
  it('derives earned, reserved, paid out and available from the ledger, with the lessons behind it', async () => {
    const earner = await createActor(t, 'tutor');
    await fulfilledLesson(t, earner.id, student.id, new Date('2026-11-23T08:00:00Z'));
    await fulfilledLesson(t, earner.id, student.id, new Date('2026-10-10T08:00:00Z'));
    const balance = await balanceOf(earner);
    expect(balance).toMatchObject({
      earnedPiastres: 15_000,
      reservedPiastres: 0,
      paidOutPiastres: 0,
      availablePiastres: 15_000,
      fulfilledLessons: 2,
    });
    expect(balance.weekly).toHaveLength(12);

    const november = await as(earner, 'GET', '/api/v1/invoice/earnings?month=2026-11');
    expect(november.json()).toMatchObject({
      total: 1,
      list: [{ studentName: 'Sara Ali', durationMinutes: 30, amountPiastres: 7_500 }],
    });
    expect((await as(earner, 'GET', '/api/v1/invoice/earnings')).json().total).toBe(2);
    expect((await as(earner, 'GET', '/api/v1/invoice/earnings?month=2026-13')).statusCode).toBe(400);
  });

  it('shows a balance to its tutor and admins only', async () => {
    expect((await as(admin, 'GET', `/api/v1/invoice/stats/${tutor.id}`)).statusCode).toBe(200);
    expect((await as(other, 'GET', `/api/v1/invoice/stats/${tutor.id}`)).json().code).toBe('forbidden');
    expect((await as(student, 'GET', `/api/v1/invoice/stats/${tutor.id}`)).json().code).toBe('forbidden');
    expect((await as(admin, 'GET', `/api/v1/invoice/stats/${student.id}`)).json().code).toBe('tutor-not-found');
  });
});

describe('withdrawal requests', () => {
  it('reserves the amount, takes an edit once approved, and pays out on fulfilment with a private receipt', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 1_000);
    const method = await saveInstapay(t, payee, 'payee@instapay');

    const created = await requestWithdrawal(t, payee, method.id, 500);
    expect(created).toMatchObject({
      status: 0,
      label: 'pending',
      amountPiastres: 50_000,
      method: 2,
      instapayAddress: 'payee@instapay',
      ownerAvailablePiastres: 50_000,
    });
    expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 50_000, availablePiastres: 50_000 });

    const edited = await as(payee, 'PATCH', `/api/v1/invoice/${created.id}`, { amount: 400 });
    // The edit waits for an admin: the request keeps its amount, and holds the larger one meanwhile.
    expect(edited.json()).toMatchObject({
      status: 0,
      label: 'updated-by-receiver',
      amountPiastres: 50_000,
      pendingUpdate: { amountPiastres: 40_000, method: 2, instapayAddress: 'payee@instapay' },
    });
    expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 50_000, availablePiastres: 50_000 });
    // What the request holds counts as available when it is edited: 1,000 EGP in all.
    expect((await as(payee, 'PATCH', `/api/v1/invoice/${created.id}`, { amount: 1_000.01 })).json().code).toBe(
      'not-enough-balance',
    );
    // Not paid out before the update is decided: what is transferred is what was approved.
    expect((await uploadReceipt(admin, created.id, await avatarPng())).json().code).toBe('illegal-invoice-update');
    expect(await rowOf(created.id)).toMatchObject({ status: 0, amountPiastres: 50_000, receiptAssetId: null });

    const approved = await approveUpdate(edited.json());
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 0,
      label: 'pending',
      amountPiastres: 40_000,
      pendingUpdate: null,
      addressedBy: admin.id,
    });
    expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 40_000, availablePiastres: 60_000 });

    const receipt = await uploadReceipt(admin, created.id, await avatarPng());
    expect(receipt.statusCode).toBe(200);
    const fulfilled = receipt.json() as Invoice;
    expect(fulfilled).toMatchObject({ status: 3, label: 'fulfilled', addressedBy: admin.id });
    expect(fulfilled.receiptUrl).toMatch(/^\/assets\/receipts\/[a-f0-9]+\.webp$/);
    expect(await balanceOf(payee)).toMatchObject({
      earnedPiastres: 100_000,
      reservedPiastres: 0,
      paidOutPiastres: 40_000,
      availablePiastres: 60_000,
    });

    const url = fulfilled.receiptUrl ?? '';
    expect((await as(payee, 'GET', url)).statusCode).toBe(200);
    expect((await as(admin, 'GET', url)).headers['content-type']).toBe('image/webp');
    for (const stranger of [other, manager, student]) expect((await as(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await injectAs(t.app, undefined, { method: 'GET', url })).statusCode).toBe(401);

    // Final: nothing moves it again.
    expect((await as(payee, 'POST', `/api/v1/invoice/${created.id}/cancel`)).json().code).toBe(
      'illegal-invoice-update',
    );
    expect(
      (await as(admin, 'POST', `/api/v1/invoice/${created.id}/action`, { action: 'adminCancel' })).json().code,
    ).toBe('illegal-invoice-update');

    const events = await t.database.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, created.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.label, e.actorId])).toEqual([
      [null, 0, 'pending', payee.id],
      [0, 0, 'updated-by-receiver', payee.id],
      [0, 0, 'pending', admin.id],
      [0, 3, 'fulfilled', admin.id],
    ]);
    const told = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, payee.id));
    expect(told.map((m) => m.template)).toEqual([
      'invoice-pending',
      'invoice-updated-by-receiver',
      'invoice-update-approved',
      'invoice-fulfilled',
    ]);
    const [proposalText, approvalText] = told.map((m) => m.body).slice(1, 3);
    expect(proposalText).toMatch(
      /^درسك: استلمنا تعديلك على طلب السحب رقم [٠-٩]+ \(المبلغ الجديد [^)]*٤٠٠[^)]*\)، وينتظر موافقة الإدارة\.$/,
    );
    expect(approvalText).toMatch(/^درسك: وافقنا على تعديلك، وأصبح طلب السحب رقم [٠-٩]+ بمبلغ [^.]*٤٠٠/);
  });

  it('approve update: the latest proposal (amount and method) becomes the request; cancelling or rejecting drops it', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 1_000);
    const instapay = await saveInstapay(t, payee, 'proposal@instapay');
    const wallet = await as(payee, 'POST', '/api/v1/withdraw-method', { method: 0, phone: '01012345678' });
    const request = await requestWithdrawal(t, payee, instapay.id, 300);
    const edit = (id: number, body: object) => as(payee, 'PATCH', `/api/v1/invoice/${id}`, body);
    const act = (id: number, body: object) => as(admin, 'POST', `/api/v1/invoice/${id}/action`, body);

    const proposed = await edit(request.id, { amount: 800, withdrawMethodId: wallet.json().id });
    expect(proposed.json()).toMatchObject({
      amountPiastres: 30_000,
      method: 2,
      pendingUpdate: { amountPiastres: 80_000, method: 0, phone: '01012345678', instapayAddress: null },
    });
    // 800 EGP are held while it waits, so no other request can take them.
    expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 80_000, availablePiastres: 20_000 });
    const more = await as(payee, 'POST', '/api/v1/invoice', { amount: 200.01, withdrawMethodId: instapay.id });
    expect(more.json()).toMatchObject({ code: 'not-enough-balance', details: { availablePiastres: 20_000 } });
    // A second edit builds on the first proposal: the wallet stays, the amount changes.
    const again = await edit(request.id, { amount: 250 });
    expect(again.json().pendingUpdate).toMatchObject({ amountPiastres: 25_000, method: 0, phone: '01012345678' });
    expect((await balanceOf(payee)).reservedPiastres).toBe(30_000);
    // Tutors cannot approve their own update.
    const own = { action: 'approveUpdate', update: again.json().pendingUpdate };
    expect((await as(payee, 'POST', `/api/v1/invoice/${request.id}/action`, own)).statusCode).toBe(403);
    // The admin opened the first proposal (800 EGP); the tutor changed it since: nothing is approved.
    const stale = await approveUpdate(proposed.json());
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'invoice-update-changed',
      details: { changed: ['amountPiastres'], current: { amountPiastres: 25_000 } },
    });
    expect(await rowOf(request.id)).toMatchObject({
      label: 'updated-by-receiver',
      amountPiastres: 30_000,
      method: 2,
      pendingUpdate: { amountPiastres: 25_000, method: 0 },
      addressedBy: null,
    });

    const approved = await approveUpdate(again.json(), { note: 'تم التحقق من رقم المحفظة' });
    expect(approved.json()).toMatchObject({
      label: 'pending',
      amountPiastres: 25_000,
      method: 0,
      phone: '01012345678',
      instapayAddress: null,
      withdrawMethodId: wallet.json().id,
      adminNote: 'تم التحقق من رقم المحفظة',
      pendingUpdate: null,
    });
    expect((await balanceOf(payee)).reservedPiastres).toBe(25_000);
    // Nothing waits now: approving again is refused and changes nothing.
    const twice = await approveUpdate(again.json());
    expect([twice.statusCode, twice.json().code]).toEqual([422, 'illegal-invoice-update']);
    expect(await rowOf(request.id)).toMatchObject({ label: 'pending', amountPiastres: 25_000, pendingUpdate: null });

    // Asking to cancel drops the proposal; there is no update left to approve.
    const dropped = await edit(request.id, { amount: 500 });
    const cancelAsked = await as(payee, 'POST', `/api/v1/invoice/${request.id}/cancel`);
    expect(cancelAsked.json()).toMatchObject({ status: 1, amountPiastres: 25_000, pendingUpdate: null });
    expect((await approveUpdate(dropped.json())).json().code).toBe('illegal-invoice-update');
    expect((await balanceOf(payee)).reservedPiastres).toBe(25_000);

    // Rejecting a request whose update waits releases all it held.
    const other = await requestWithdrawal(t, payee, instapay.id, 100);
    await edit(other.id, { amount: 700 });
    const rejected = await act(other.id, { action: 'reject', note: 'المبلغ غير متاح' });
    expect(rejected.json()).toMatchObject({ status: 4, pendingUpdate: null });
    expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 25_000, availablePiastres: 75_000 });
  });

  it('cancels on request once an admin approves, releasing the reservation; rejects with a note', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 300);
    const method = await saveInstapay(t, payee, 'cancel@instapay');
    const first = await requestWithdrawal(t, payee, method.id, 200);
    expect(
      (await as(payee, 'POST', '/api/v1/invoice', { amount: 100.01, withdrawMethodId: method.id })).json(),
    ).toMatchObject({ code: 'not-enough-balance', details: { availablePiastres: 10_000 } });

    const asked = await as(payee, 'POST', `/api/v1/invoice/${first.id}/cancel`);
    expect(asked.json()).toMatchObject({ status: 1, label: 'canceled-by-receiver' });
    expect((await as(payee, 'PATCH', `/api/v1/invoice/${first.id}`, { amount: 150 })).json().code).toBe(
      'illegal-invoice-update',
    );
    expect((await balanceOf(payee)).reservedPiastres).toBe(20_000);
    // Once the tutor asked to cancel, the admin grants it or cancels; paying it out is no longer a choice.
    expect((await uploadReceipt(admin, first.id, await avatarPng())).json().code).toBe('illegal-invoice-update');
    const approved = await as(admin, 'POST', `/api/v1/invoice/${first.id}/action`, { action: 'approveCancel' });
    expect(approved.json()).toMatchObject({ status: 2, label: 'cancellation-approved-by-admin' });
    expect((await balanceOf(payee)).availablePiastres).toBe(30_000);

    const second = await requestWithdrawal(t, payee, method.id, 300);
    expect((await as(admin, 'POST', `/api/v1/invoice/${second.id}/action`, { action: 'reject' })).statusCode).toBe(400);
    const rejected = await as(admin, 'POST', `/api/v1/invoice/${second.id}/action`, {
      action: 'reject',
      note: 'رقم إنستاباي غير صحيح',
    });
    expect(rejected.json()).toMatchObject({ status: 4, label: 'rejected', adminNote: 'رقم إنستاباي غير صحيح' });
    const renoted = await as(admin, 'PUT', `/api/v1/invoice/${second.id}/note`, { note: null });
    expect(renoted.json()).toMatchObject({ status: 4, adminNote: null });
    expect((await balanceOf(payee)).availablePiastres).toBe(30_000);
  });

  it('refuses bad amounts and other people, changing nothing', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 60_000);
    const method = await saveInstapay(t, payee, 'bounds@instapay');
    for (const amount of [99.99, 50_000.01, -100, 100.001, '500', null]) {
      const response = await as(payee, 'POST', '/api/v1/invoice', { amount, withdrawMethodId: method.id });
      expect(response.statusCode, String(amount)).toBe(400);
    }
    const mine = await requestWithdrawal(t, payee, method.id, 50_000);
    expect((await as(other, 'PATCH', `/api/v1/invoice/${mine.id}`, { amount: 100 })).json().code).toBe('forbidden');
    expect((await as(other, 'POST', `/api/v1/invoice/${mine.id}/cancel`)).json().code).toBe('forbidden');
    expect((await as(payee, 'POST', `/api/v1/invoice/${mine.id}/action`, { action: 'adminCancel' })).statusCode).toBe(
      403,
    );
    expect((await as(student, 'GET', '/api/v1/invoice')).statusCode).toBe(403);
    expect((await as(admin, 'POST', '/api/v1/invoice/999999/action', { action: 'adminCancel' })).json().code).toBe(
      'invoice-not-found',
    );

    const text = { filename: 'receipt.png', contentType: 'image/png', data: Buffer.from('not an image') };
    expect((await uploadReceipt(admin, mine.id, text)).json().code).toBe('unsupported-file-type');
    const huge = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const tooLarge = await uploadReceipt(admin, mine.id, { filename: 'r.png', contentType: 'image/png', data: huge });
    expect(tooLarge.json().code).toBe('large-file-size');
    expect(await rowOf(mine.id)).toMatchObject({ status: 0, amountPiastres: 5_000_000, receiptAssetId: null });
  });

  it('withdrawal limits: a request and an edit follow the least and the most in the platform settings', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 2_000);
    const method = await saveInstapay(t, payee, 'limits@instapay');
    const setLimits = (limits: { withdrawalMinPiastres: number; withdrawalMaxPiastres: number }) =>
      as(admin, 'PATCH', '/api/v1/platform-settings', limits);
    const ask = (amount: number) => as(payee, 'POST', '/api/v1/invoice', { amount, withdrawMethodId: method.id });
    const { withdrawalMinPiastres, withdrawalMaxPiastres } = PLATFORM_SETTINGS_DEFAULTS;
    const defaultLimits = { withdrawalMinPiastres, withdrawalMaxPiastres };
    try {
      expect((await setLimits({ withdrawalMinPiastres: 20_000, withdrawalMaxPiastres: 100_000 })).statusCode).toBe(200);
      // The balance tells the tutor's dialog the limits in force.
      expect((await balanceOf(payee)).limits).toEqual({
        withdrawalMinPiastres: 20_000,
        withdrawalMaxPiastres: 100_000,
      });
      for (const amount of [150, 1_000.01]) {
        const refused = await ask(amount);
        expect({ status: refused.statusCode, body: refused.json() }, String(amount)).toMatchObject({
          status: 422,
          body: { code: 'withdraw-amount-outside-limits', details: { minPiastres: 20_000, maxPiastres: 100_000 } },
        });
      }
      const mine = await requestWithdrawal(t, payee, method.id, 1_000);
      const edit = (amount: number) => as(payee, 'PATCH', `/api/v1/invoice/${mine.id}`, { amount });
      expect((await edit(199.99)).json().code).toBe('withdraw-amount-outside-limits');
      const edited = await edit(200);
      expect(edited.json()).toMatchObject({ amountPiastres: 100_000, pendingUpdate: { amountPiastres: 20_000 } });
      expect((await approveUpdate(edited.json())).statusCode).toBe(200);

      await setLimits(defaultLimits);
      expect((await ask(150)).statusCode).toBe(201);
      expect(await balanceOf(payee)).toMatchObject({ reservedPiastres: 35_000 });
    } finally {
      await setLimits(defaultLimits);
    }
  });

  it('lists a tutor their own requests and admins the queue, filtered', async () => {
    const payee = await createActor(t, 'tutor');
    await credit(t, payee.id, 500);
    const method = await saveInstapay(t, payee, 'queue@instapay');
    const one = await requestWithdrawal(t, payee, method.id, 100);
    await requestWithdrawal(t, payee, method.id, 150);
    await as(payee, 'POST', `/api/v1/invoice/${one.id}/cancel`);

    const own = (await as(payee, 'GET', '/api/v1/invoice')).json();
    expect(own.total).toBe(2);
    expect((await as(payee, 'GET', `/api/v1/invoice?ownerId=${other.id}`)).json().total).toBe(2);

    const queue = await as(
      admin,
      'GET',
      `/api/v1/invoice?ownerId=${payee.id}&status=1&method=2&from=2026-11-25&to=2026-11-25`,
    );
    expect(queue.json()).toMatchObject({
      total: 1,
      list: [{ id: one.id, ownerName: 'أحمد محمود', ownerAvailablePiastres: 25_000 }],
    });
    expect((await as(admin, 'GET', `/api/v1/invoice?ownerId=${payee.id}&from=2026-11-26`)).json().total).toBe(0);
    expect((await as(admin, 'GET', '/api/v1/invoice?status=9')).statusCode).toBe(400);
  });
});
