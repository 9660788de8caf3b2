import type { PaymentResult } from '@darsak/domain/payments';
import type { Plan } from '@darsak/domain/plans';
import { and, eq, inArray } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type FakeProviders, fakeProvidersEnv, startFakeProviders } from '../../../test/fake-providers.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { createMetrics } from '../../platform/metrics/metrics.ts';
import type { Messenger, OutgoingMessage } from '../../providers/messaging/messenger.ts';
import { createOutboxDispatcher } from '../outbox/outbox.dispatcher.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { createReceiptsService } from './payments.receipts.ts';
import { transactions } from './payments.table.ts';

// Receipts of paid payments: numbered once in the database when paid (DRS-<Cairo year>-<sequence>), downloaded as
// a PDF in Arabic or English by the buyer and staff, with the refunds made since, and attached to the e-mail that
// tells the student her payment arrived.
let fake: FakeProviders;
let t: TestApp;
let admin: Actor;
let plan: Plan;
let keys = 0;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await buildTestApp({ now: '2026-03-06T10:00:00Z', env: fakeProvidersEnv(fake) });
  admin = await createActor(t, 'admin');
  const created = await injectAs(t.app, admin.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 60_000, nameAr: 'باقة المراجعة', nameEn: 'Revision plan' },
  });
  plan = created.json();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function pendingPayment(student: Actor) {
  keys += 1;
  const answer = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/fawry/pay/ref-num',
    payload: { planId: plan.id, period: 'month' },
    headers: { 'idempotency-key': `receipt-${keys}-checkout` },
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json() as PaymentResult).transaction;
}

const confirm = (merchantRef: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/fawry/callback', payload: fake.notify(merchantRef, 'PAID') });

const rowOf = async (id: number) => (await t.database.db.select().from(transactions).where(eq(transactions.id, id)))[0];

const receipt = (actor: Actor, id: number, lang?: string) =>
  injectAs(t.app, actor.token, { method: 'GET', url: `/api/v1/tx/${id}/receipt${lang ? `?lang=${lang}` : ''}` });

/** The PDF's text as pdf.js reads it: each word in its letters' order, a line's words as drawn. */
async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('receipt numbers', () => {
  it('five confirmations of one payment at once give it one number; a refund keeps it', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    expect((await rowOf(payment.id))?.receiptNumber).toBeNull();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => confirm(payment.merchantRefNum)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const number = (await rowOf(payment.id))?.receiptNumber;
    expect(number).toMatch(/^DRS-2026-\d{6}$/);
    const view = await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/tx/${payment.id}` });
    expect(view.json()).toMatchObject({ receiptNumber: number });
  });

  it('payments of six students confirmed at once get six numbers in a row, none twice', async () => {
    const students = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createActor(t, 'student')));
    const payments = await Promise.all(students.map(pendingPayment));
    await Promise.all(payments.map((p) => confirm(p.merchantRefNum)));
    const rows = await t.database.db
      .select({ number: transactions.receiptNumber })
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          payments.map((p) => p.id),
        ),
      );
    const sequence = rows.map((r) => Number(r.number?.slice(-6))).sort((a, b) => a - b);
    expect(new Set(sequence).size).toBe(6);
    expect((sequence.at(-1) ?? 0) - (sequence[0] ?? 0)).toBe(5);
  });

  it('the database refuses a paid payment without a number, and a number twice', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    await confirm(payment.merchantRefNum);
    const cleared = t.database.db
      .update(transactions)
      .set({ receiptNumber: null })
      .where(eq(transactions.id, payment.id));
    await expect(cleared).rejects.toThrow();
    const other = await pendingPayment(await createActor(t, 'student'));
    await confirm(other.merchantRefNum);
    const taken = (await rowOf(payment.id))?.receiptNumber ?? '';
    await expect(
      t.database.db.update(transactions).set({ receiptNumber: taken }).where(eq(transactions.id, other.id)),
    ).rejects.toThrow();
  });
});

describe('GET /api/v1/tx/:id/receipt', () => {
  it('gives the buyer her receipt in Arabic by default and in English, and staff too; others are refused', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    await confirm(payment.merchantRefNum);
    const number = (await rowOf(payment.id))?.receiptNumber ?? '';

    const arabic = await receipt(student, payment.id);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers['content-type']).toBe('application/pdf');
    expect(arabic.headers['content-disposition']).toBe(`attachment; filename="darsak-receipt-${number}-ar.pdf"`);
    expect(arabic.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ar = await textOf(arabic.rawPayload);
    expect(ar).toContain(number);
    // each Arabic word reads as written (shaped glyphs mapped back to its letters)
    for (const word of ['إيصال', 'المراجعة', 'باقة', 'نقدًا', 'فوري', 'شهر']) expect(ar).toContain(word);
    expect(ar).toContain('٦٠٠٫٠٠'); // 600 EGP in Arabic-Indic digits
    expect(ar).toContain(payment.merchantRefNum);
    expect(ar).not.toMatch(/600\.00/);

    const english = await receipt(admin, payment.id, 'en');
    expect(english.statusCode).toBe(200);
    const en = await textOf(english.rawPayload);
    expect(en).toContain('Payment receipt');
    expect(en).toContain('Revision plan');
    expect(en).toContain('EGP 600.00');
    expect(en).toContain('Cash at a Fawry outlet');

    const stranger = await createActor(t, 'student');
    expect((await receipt(stranger, payment.id)).json()).toMatchObject({ code: 'forbidden' });
  });

  it('shows each refund and the net after them', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    await confirm(payment.merchantRefNum);
    const refund = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/fawry/refund',
      payload: { transactionId: payment.id, amountPiastres: 15_000 },
    });
    expect(refund.statusCode).toBe(200);
    const en = await textOf((await receipt(student, payment.id, 'en')).rawPayload);
    expect(en).toContain('Refund');
    expect(en).toContain('-EGP 150.00');
    expect(en).toContain('Net after refunds');
    expect(en).toContain('EGP 450.00');
    const ar = await textOf((await receipt(student, payment.id, 'ar')).rawPayload);
    expect(ar).toContain('٤٥٠٫٠٠');
    // the refund's e-mail carries the receipt too, made when sent, so with this refund on it
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'payment-refund')));
    expect(mail?.body).toContain('إيصال الدفعة');
    expect(mail?.params).toMatchObject({ attachments: [{ transactionId: payment.id, lang: 'ar' }, { lang: 'en' }] });
  });

  it('answers 404 for an unknown payment, 409 for an unpaid one and 400 for an unknown language', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    const unpaid = await receipt(student, payment.id);
    expect([unpaid.statusCode, unpaid.json().code]).toEqual([409, 'payment-not-paid']);
    const unknown = await receipt(admin, 99_999_999);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'transaction-not-found']);
    const badLanguage = await receipt(student, payment.id, 'fr');
    expect(badLanguage.statusCode).toBe(400);
  });
});

describe('the payment-received message', () => {
  it('carries the receipt by e-mail, in Arabic and English, and names its number', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    await confirm(payment.merchantRefNum);
    const number = (await rowOf(payment.id))?.receiptNumber ?? '';
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'payment-received')));
    expect(mail?.channel).toBe('email');
    expect(mail?.body).toContain(number);
    expect(mail?.params).toMatchObject({
      attachments: [
        { kind: 'receipt', transactionId: payment.id, lang: 'ar' },
        { kind: 'receipt', transactionId: payment.id, lang: 'en' },
      ],
    });
  });

  it('is sent with the two PDFs made from the records, the same as the download', async () => {
    const student = await createActor(t, 'student');
    const payment = await pendingPayment(student);
    await confirm(payment.merchantRefNum);
    const number = (await rowOf(payment.id))?.receiptNumber ?? '';
    const sent: OutgoingMessage[] = [];
    const recording: Messenger = {
      delivery: 'provider',
      send: async (message) => {
        sent.push(message);
        return `sent-${sent.length}`;
      },
    };
    const receipts = createReceiptsService({ db: t.database.db, seller: { name: 'Darsak' } });
    const dispatcher = createOutboxDispatcher({
      db: t.database.db,
      clock: t.clock,
      messengers: { email: recording, whatsapp: recording, telegram: recording, push: recording },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      metrics: createMetrics(),
      attachment: (file) => receipts.attachment(file.transactionId, file.lang),
    });
    while ((await dispatcher.runOnce()) > 0) {
      // every message written so far, this payment's among them
    }
    const mail = sent.find((m) => m.to === student.email && m.subject?.includes(number));
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`darsak-receipt-${number}-ar.pdf`, 'application/pdf'],
      [`darsak-receipt-${number}-en.pdf`, 'application/pdf'],
    ]);
    const [arabic, english] = mail?.attachments ?? [];
    expect(await textOf(arabic?.content ?? Buffer.alloc(0))).toContain('إيصال');
    expect(await textOf(english?.content ?? Buffer.alloc(0))).toContain(`EGP 600.00`);
  });
});
