import type { Invoice, WithdrawMethodItem } from '@darsak/domain/invoices';
import { earningsEntries } from '../src/modules/invoices/invoices.table.ts';
import { creditLesson } from '../src/modules/lessons/lessons.repo.ts';
import { injectAs, type TestApp } from './build-test-app.ts';
import type { Actor } from './harness/actors.ts';
import { insertLesson } from './lesson-rows.ts';

/** Credits a tutor's balance with a staff adjustment of `egp` (no lesson needed). */
export async function credit(t: TestApp, tutorId: number, egp: number) {
  await t.database.db.insert(earningsEntries).values({ tutorId, kind: 'adjustment', amountPiastres: egp * 100 });
}

/** A fulfilled 30-minute lesson (75 EGP at the default rate) credited to the tutor, as fulfilment does. */
export async function fulfilledLesson(t: TestApp, tutorId: number, studentId: number, startsAt: Date) {
  const lesson = await insertLesson(t, { tutorId, studentId, startsAt, status: 'fulfilled' });
  await creditLesson(t.database.db, lesson, lesson.pricePiastres);
  return lesson;
}

export async function saveInstapay(t: TestApp, tutor: Actor, address = 'ahmed@instapay'): Promise<WithdrawMethodItem> {
  const response = await injectAs(t.app, tutor.token, {
    method: 'POST',
    url: '/api/v1/withdraw-method',
    payload: { method: 2, instapayAddress: address },
  });
  if (response.statusCode !== 201) throw new Error(`saving a method failed: ${response.body}`);
  return response.json();
}

/**
 * One of the tutor's saved methods, saved now if they have none: harnesses that need a method for every example
 * stay within the tutor's limit of methods.
 */
export async function someMethodOf(t: TestApp, tutor: Actor): Promise<WithdrawMethodItem> {
  const saved = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/withdraw-method' });
  return (saved.json() as WithdrawMethodItem[])[0] ?? saveInstapay(t, tutor, `method${tutor.id}@instapay`);
}

export async function requestWithdrawal(t: TestApp, tutor: Actor, methodId: number, amount: number): Promise<Invoice> {
  const response = await injectAs(t.app, tutor.token, {
    method: 'POST',
    url: '/api/v1/invoice',
    payload: { amount, withdrawMethodId: methodId },
  });
  if (response.statusCode !== 201) throw new Error(`requesting a withdrawal failed: ${response.body}`);
  return response.json();
}
