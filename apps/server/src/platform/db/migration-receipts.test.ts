import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationUpgrade } from '../../../test/migration-upgrade.ts';

// The upgrade that numbered receipts, run over payments made before it: every payment in which money was taken gets
// a number in the order it was paid within its Cairo year, and each year's counter goes on from there.
const migration = migrationUpgrade('_payment_receipts.sql');
const { rows } = migration;

beforeAll(async () => {
  await migration.before();
  const payment = (id: number, status: number, paidAt: string | null) =>
    `(${id}, 1, 1, 'month', 120, 'card', 'fawry', 'M${id}', 80000, ${status}, ${paidAt ? `'${paidAt}'` : 'null'})`;
  for (const statement of [
    `insert into users (id, role, name, email) values (1, 4, 'طالب', 's@example.com')`,
    `insert into students (user_id) values (1)`,
    `insert into plans (id, weekly_minutes, base_month_price_piastres) values (1, 120, 80000)`,
    // 2025-12-31 23:30 UTC is already 2026 in Cairo
    `insert into transactions (id, user_id, plan_id, period, weekly_minutes, method, provider, merchant_ref_num, amount_piastres, status, paid_at) values ${[
      payment(1, 7, '2025-06-01T10:00:00Z'),
      payment(2, 2, null),
      payment(3, 3, '2025-03-01T10:00:00Z'),
      payment(4, 7, '2025-12-31T23:30:00Z'),
      payment(5, 6, null),
    ].join(', ')}`,
  ])
    await migration.execute(statement);
  await migration.upgrade();
}, 60_000);
afterAll(() => migration.close());

describe('upgrade: payment receipts', () => {
  it('numbers the paid payments by Cairo year in the order paid, and leaves the unpaid without one', async () => {
    expect(migration.index).toBeGreaterThan(0);
    expect(await rows('select id, receipt_number from transactions order by id')).toEqual([
      { id: 1, receipt_number: 'DRS-2025-000002' },
      { id: 2, receipt_number: null },
      { id: 3, receipt_number: 'DRS-2025-000001' },
      { id: 4, receipt_number: 'DRS-2026-000001' },
      { id: 5, receipt_number: null },
    ]);
    expect(await rows('select year, last from receipt_counters order by year')).toEqual([
      { year: 2025, last: 2 },
      { year: 2026, last: 1 },
    ]);
  });
});
