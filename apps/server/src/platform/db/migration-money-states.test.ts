import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationUpgrade } from '../../../test/migration-upgrade.ts';

// The upgrade that brought processed transactions and approved withdrawal edits, run over data written before it:
// paid transactions whose subscription had started become processed (with their event), the others stay paid,
// and requests edited at once before approval existed read pending (nothing awaits approval).
const migration = migrationUpgrade('_money_states.sql');
const { rows } = migration;

beforeAll(async () => {
  await migration.before();
  for (const statement of [
    `insert into users (id, role, name, email) values (1, 4, 'طالب', 's@example.com'), (2, 3, 'معلم', 't@example.com')`,
    `insert into students (user_id) values (1)`,
    `insert into tutors (user_id) values (2)`,
    `insert into plans (id, weekly_minutes, base_month_price_piastres) values (1, 120, 80000)`,
    `insert into transactions (id, user_id, plan_id, period, weekly_minutes, method, provider, merchant_ref_num, amount_piastres, status, paid_at) values (1, 1, 1, 'month', 120, 'card', 'fawry', 'M1', 80000, 1, now()), (2, 1, 1, 'month', 120, 'card', 'fawry', 'M2', 80000, 1, now()), (3, 1, 1, 'month', 120, 'card', 'fawry', 'M3', 80000, 5, now())`,
    `update transactions set refunded_piastres = 1000 where id = 3`,
    `insert into subscriptions (student_id, plan_id, period, weekly_minutes, transaction_id, starts_at, ends_at, week_anchor_at, status) values (1, 1, 'month', 120, 1, now(), now() + interval '30 days', now(), 'active'), (1, 1, 'month', 120, 3, now() - interval '60 days', now() - interval '30 days', now() - interval '60 days', 'ended')`,
    `insert into invoices (id, owner_id, amount_piastres, method, instapay_address, status, label) values (1, 2, 40000, 2, 'a@instapay', 0, 'updated-by-receiver'), (2, 2, 20000, 2, 'a@instapay', 0, 'pending')`,
  ])
    await migration.execute(statement);
  await migration.upgrade();
}, 60_000);
afterAll(() => migration.close());

describe('upgrade 0011 money states', () => {
  it('marks processed the paid transactions whose subscription started, with an event, and leaves the rest', async () => {
    expect(migration.index).toBeGreaterThan(0);
    expect(await rows('select id, status from transactions order by id')).toEqual([
      { id: 1, status: 7 },
      { id: 2, status: 1 },
      { id: 3, status: 5 },
    ]);
    expect(
      await rows('select transaction_id, from_status, to_status, source from transaction_events order by id'),
    ).toEqual([{ transaction_id: 1, from_status: 1, to_status: 7, source: 'system' }]);
  });

  it('gives requests edited before approval existed the label pending, and then ties proposals to the label', async () => {
    expect(await rows('select id, label, pending_update from invoices order by id')).toEqual([
      { id: 1, label: 'pending', pending_update: null },
      { id: 2, label: 'pending', pending_update: null },
    ]);
    await expect(
      migration.execute(`update invoices set label = 'updated-by-receiver' where id = 2`),
    ).rejects.toMatchObject({ cause: { constraint: 'invoices_pending_update_check' } });
    await expect(
      migration.execute(
        `update invoices set label = 'updated-by-receiver', pending_update = '{"amountPiastres": 99}' where id = 2`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'invoices_pending_amount_check' } });
  });
});
