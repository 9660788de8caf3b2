import { type Transaction, TransactionStatus } from '@darsak/domain/payments';
import {
  fullPeriodPricePiastres,
  installmentOptions,
  type PaidPeriod,
  PERIOD_MONTHS,
  PERIOD_WEEKS,
  type Plan,
  periodDiscountPercent,
  periodPricePiastres,
} from '@darsak/domain/plans';
import type { Subscription } from '@darsak/domain/subscriptions';

/** A plan as the API answers it, its period prices computed by the domain's pricing. */
export function makePlan(overrides: Partial<Omit<Plan, 'prices'>> = {}): Plan {
  const base = {
    id: 2,
    nameAr: 'الباقة المتقدمة',
    nameEn: 'Standard',
    weeklyMinutes: 120,
    baseMonthPricePiastres: 110_000,
    monthDiscountPercent: 0,
    quarterDiscountPercent: 10,
    yearDiscountPercent: 20,
    state: 'active' as const,
    forInvitesOnly: false,
    installments: 2,
    freeTrialAvailable: false,
    freeTrialWeeks: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  const price = (period: PaidPeriod) => ({
    months: PERIOD_MONTHS[period],
    weeks: PERIOD_WEEKS[period],
    fullPricePiastres: fullPeriodPricePiastres(base, period),
    discountPercent: periodDiscountPercent(base, period),
    pricePiastres: periodPricePiastres(base, period),
    installmentOptions: installmentOptions(base.installments),
  });
  return { ...base, prices: { month: price('month'), quarter: price('quarter'), year: price('year') } };
}

export const THREE_PLANS = [
  makePlan({
    id: 1,
    nameAr: 'الباقة الأساسية',
    nameEn: 'Starter',
    weeklyMinutes: 60,
    baseMonthPricePiastres: 60_000,
    installments: 1,
  }),
  makePlan(),
  makePlan({
    id: 3,
    nameAr: 'الباقة المكثفة',
    nameEn: 'Intensive',
    weeklyMinutes: 230,
    baseMonthPricePiastres: 200_000,
    installments: 3,
  }),
];

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 41,
    userId: 7,
    planId: 2,
    period: 'month',
    weeklyMinutes: 120,
    method: 'cashReference',
    provider: 'fawry',
    merchantRefNum: 'DRS20250101ABCDEF',
    receiptNumber: null,
    referenceNumber: '912345678',
    amountPiastres: 110_000,
    discountPiastres: 0,
    refundedPiastres: 0,
    installments: null,
    status: TransactionStatus.new,
    state: 'pending',
    canCancel: true,
    canRetry: false,
    subscriptionId: null,
    expiresAt: '2025-01-03T10:00:00.000Z',
    paidAt: null,
    refundedAt: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Paid and applied: the subscription started (status processed). */
export const paid = (t: Transaction): Transaction => ({
  ...t,
  status: TransactionStatus.processed,
  state: 'done',
  canCancel: false,
  canRetry: false,
  subscriptionId: 5,
  paidAt: '2025-01-01T10:05:00.000Z',
  receiptNumber: `DRS-2025-${String(t.id).padStart(6, '0')}`,
});

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 5,
    studentId: 7,
    planId: 2,
    period: 'month',
    weeklyMinutes: 120,
    remainingWeeklyMinutes: 90,
    status: 'active',
    startsAt: '2025-01-01T10:05:00.000Z',
    endsAt: '2025-01-29T04:00:00.000Z',
    weekStartsAt: '2025-01-01T10:05:00.000Z',
    weekEndsAt: '2025-01-08T04:00:00.000Z',
    pricePiastres: 110_000,
    transactionId: 41,
    cancellation: { lessonsTaken: 0, maxLessons: 1, allowed: true, refundPiastres: 110_000 },
    cancelledAt: null,
    createdAt: '2025-01-01T10:05:00.000Z',
    pause: null,
    pauseOffer: { minWeeks: 1, maxWeeks: 3 },
    next: null,
    payAhead: null,
    ...overrides,
  };
}

export const NO_SUBSCRIPTION = { id: -1, status: 'none', weeklyMinutes: 0, remainingWeeklyMinutes: 0 } as const;
