import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng, multipartRequest } from '../../../test/harness/multipart.ts';
import { credit, requestWithdrawal, saveInstapay } from '../../../test/invoice-fixtures.ts';
import { invoices } from './invoices.table.ts';

// Money is guarded by the tutor's locked ledger row: whatever the timing, reservations never pass what was earned,
// and one request is decided once.
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-25T10:00:00Z' });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (codes: string[]) =>
  Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));

const reservedOf = async (tutorId: number) => {
  const [row] = await t.database.db
    .select({ total: sql<number>`coalesce(sum(${invoices.amountPiastres}), 0)::int` })
    .from(invoices)
    .where(sql`${invoices.ownerId} = ${tutorId} and ${invoices.status} in (0, 1)`);
  return row?.total ?? 0;
};

describe('concurrent withdrawals', () => {
  it('a tutor with 1,000 EGP sending 20 × 100 and 20 × 600 EGP at once never reserves more than 1,000', async () => {
    const tutor = await createActor(t, 'tutor');
    await credit(t, tutor.id, 1_000);
    const method = await saveInstapay(t, tutor, 'race@instapay');
    const amounts = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 100 : 600));

    const answers = await Promise.all(
      amounts.map((amount) =>
        injectAs(t.app, tutor.token, {
          method: 'POST',
          url: '/api/v1/invoice',
          payload: { amount, withdrawMethodId: method.id },
        }),
      ),
    );

    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().amountPiastres as number);
    const codes = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().code as string);
    expect(new Set(codes)).toEqual(new Set(['not-enough-balance']));
    const total = created.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(100_000);
    // Whatever won, what is left is less than the smallest request: the balance was used as far as it goes.
    expect(100_000 - total).toBeLessThan(10_000);
    expect(await reservedOf(tutor.id)).toBe(total);
    const balance = (
      await injectAs(t.app, tutor.token, { method: 'GET', url: `/api/v1/invoice/stats/${tutor.id}` })
    ).json();
    expect(balance.availablePiastres).toBe(100_000 - total);
    console.info(
      `40 concurrent withdrawals (${t.database.kind}): ${created.length} × 201 reserving ${total / 100} EGP, ${JSON.stringify(tally(codes))}`,
    );
  }, 120_000);

  it('an admin fulfilling and the tutor cancelling the same request at once: exactly one wins', async () => {
    const tutor = await createActor(t, 'tutor');
    await credit(t, tutor.id, 2_000);
    const method = await saveInstapay(t, tutor, 'duel@instapay');
    const png = await avatarPng();
    const rounds = 10;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const invoice = await requestWithdrawal(t, tutor, method.id, 100);
      const { payload, headers } = multipartRequest({ receipt: png });
      const [fulfil, cancel] = await Promise.all([
        injectAs(t.app, admin.token, {
          method: 'PUT',
          url: `/api/v1/invoice/${invoice.id}/with/asset`,
          payload,
          headers,
        }),
        // Staggered so that some rounds the receipt's processing is done first and some rounds it is not.
        sleep(round * 15).then(() =>
          injectAs(t.app, tutor.token, { method: 'POST', url: `/api/v1/invoice/${invoice.id}/cancel` }),
        ),
      ]);
      const won = [fulfil, cancel].filter((a) => a.statusCode === 200);
      const lost = [fulfil, cancel].filter((a) => a.statusCode !== 200);
      expect(won).toHaveLength(1);
      expect(lost.map((a) => [a.statusCode, a.json().code])).toEqual([[422, 'illegal-invoice-update']]);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      outcomes.push(fulfil.statusCode === 200 ? 'fulfilled' : 'cancel requested');
      expect(row?.status).toBe(fulfil.statusCode === 200 ? 3 : 1);
      // A refused fulfilment leaves no receipt behind on the invoice.
      if (fulfil.statusCode !== 200) expect(row?.receiptAssetId).toBeNull();
    }
    const ids = (
      await t.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.ownerId, tutor.id))
    ).map((r) => r.id);
    expect(ids).toHaveLength(rounds);
    expect(await t.database.db.select().from(invoices).where(inArray(invoices.id, ids))).toHaveLength(rounds);
    console.info(`${rounds} fulfil-vs-cancel races (${t.database.kind}): ${JSON.stringify(tally(outcomes))}`);
  }, 120_000);

  it('an admin approving an update while the tutor changes it: only the proposal the admin saw is ever approved', async () => {
    const tutor = await createActor(t, 'tutor');
    await credit(t, tutor.id, 1_000);
    const method = await saveInstapay(t, tutor, 'proposal_race@instapay');
    const rounds = 10;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const invoice = await requestWithdrawal(t, tutor, method.id, 100);
      const edit = (amount: number) =>
        injectAs(t.app, tutor.token, { method: 'PATCH', url: `/api/v1/invoice/${invoice.id}`, payload: { amount } });
      const seen = (await edit(200)).json().pendingUpdate;
      // Staggered both ways: some rounds the approval starts first, some rounds the edit does.
      const [approve, change] = await Promise.all([
        sleep((round % 2) * 25).then(() =>
          injectAs(t.app, admin.token, {
            method: 'POST',
            url: `/api/v1/invoice/${invoice.id}/action`,
            payload: { action: 'approveUpdate', update: seen },
          }),
        ),
        sleep(((round + 1) % 2) * 25 + round).then(() => edit(300)),
      ]);
      expect(change.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      if (approve.statusCode === 200) {
        // Approved first: the request is what the admin saw, and the later edit waits as a new proposal.
        expect([row?.amountPiastres, row?.pendingUpdate?.amountPiastres]).toEqual([20_000, 30_000]);
        outcomes.push('approved');
      } else {
        expect([approve.statusCode, approve.json().code]).toEqual([409, 'invoice-update-changed']);
        expect([row?.amountPiastres, row?.pendingUpdate?.amountPiastres]).toEqual([10_000, 30_000]);
        outcomes.push('changed first');
      }
      await injectAs(t.app, admin.token, {
        method: 'POST',
        url: `/api/v1/invoice/${invoice.id}/action`,
        payload: { action: 'adminCancel' },
      });
    }
    console.info(`${rounds} approve-vs-edit races (${t.database.kind}): ${JSON.stringify(tally(outcomes))}`);
  }, 120_000);
});
