import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { credit, requestWithdrawal, saveInstapay } from '../../../test/invoice-fixtures.ts';
import { listen, nextEvent, noEvent, socketPool } from '../../../test/sockets.ts';

// Every move reaches the request's tutor and the staff following the admin-invoices channel, and nobody else.
let t: TestApp;
let url: string;
let tutor: Actor;
let admin: Actor;
let stranger: Actor;
const sockets = socketPool();

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  [tutor, admin, stranger] = [
    await createActor(t, 'tutor'),
    await createActor(t, 'admin'),
    await createActor(t, 'tutor'),
  ];
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const connect = (who: Actor) => sockets.connect(url, who.token);

describe('invoice events', () => {
  it('go to the tutor and the admin-invoices channel; only admins may follow it', async () => {
    await credit(t, tutor.id, 500);
    const method = await saveInstapay(t, tutor, 'live@instapay');
    const [own, staff, other] = [await connect(tutor), await connect(admin), await connect(stranger)];
    expect(await staff.emitWithAck('channel:subscribe', { channel: 'admin-invoices' })).toEqual({
      ok: true,
      data: null,
    });
    const refused = await other.emitWithAck('channel:subscribe', { channel: 'admin-invoices' });
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' });

    const heard = [
      nextEvent(own, 'invoice:updated'),
      nextEvent(staff, 'invoice:updated'),
      noEvent(other, 'invoice:updated', 500),
    ];
    const invoice = await requestWithdrawal(t, tutor, method.id, 300);
    expect(await Promise.all(heard)).toEqual([
      { invoiceId: invoice.id, status: 0 },
      { invoiceId: invoice.id, status: 0 },
      'nothing',
    ]);

    const cancelled = [nextEvent(own, 'invoice:deleted'), nextEvent(staff, 'invoice:deleted')];
    await injectAs(t.app, tutor.token, { method: 'POST', url: `/api/v1/invoice/${invoice.id}/cancel` });
    const approved = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/action`,
      payload: { action: 'approveCancel' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await Promise.all(cancelled)).toEqual([
      { invoiceId: invoice.id, status: 2 },
      { invoiceId: invoice.id, status: 2 },
    ]);
  });

  it("tell the tutor and staff when the tutor's update is approved, as invoice:updated", async () => {
    await credit(t, tutor.id, 500);
    const method = await saveInstapay(t, tutor, 'approved@instapay');
    const invoice = await requestWithdrawal(t, tutor, method.id, 200);
    const [own, staff, other] = [await connect(tutor), await connect(admin), await connect(stranger)];
    await staff.emitWithAck('channel:subscribe', { channel: 'admin-invoices' });
    const proposed = [nextEvent(own, 'invoice:updated'), nextEvent(staff, 'invoice:updated')];
    const edited = await injectAs(t.app, tutor.token, {
      method: 'PATCH',
      url: `/api/v1/invoice/${invoice.id}`,
      payload: { amount: 150 },
    });
    expect(await Promise.all(proposed)).toEqual([
      { invoiceId: invoice.id, status: 0 },
      { invoiceId: invoice.id, status: 0 },
    ]);

    const heard = [
      nextEvent(own, 'invoice:updated'),
      nextEvent(staff, 'invoice:updated'),
      noEvent(other, 'invoice:updated', 500),
    ];
    const approved = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/action`,
      payload: { action: 'approveUpdate', update: edited.json().pendingUpdate },
    });
    expect(approved.json()).toMatchObject({ amountPiastres: 15_000, pendingUpdate: null });
    expect(await Promise.all(heard)).toEqual([
      { invoiceId: invoice.id, status: 0 },
      { invoiceId: invoice.id, status: 0 },
      'nothing',
    ]);
  });
});
