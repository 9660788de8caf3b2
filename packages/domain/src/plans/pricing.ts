import { PERIOD_MONTHS, type PlanPeriod } from './plans.enums.ts';

/** The price fields of a plan (DESIGN §4): a base month price and a discount per paid period, in percent. */
export interface PlanPricing {
  baseMonthPricePiastres: number;
  monthDiscountPercent: number;
  quarterDiscountPercent: number;
  yearDiscountPercent: number;
}

/** A coupon's discount: exactly one of a percentage (optionally capped) or a fixed amount. */
export interface CouponTerms {
  discountPercent: number | null;
  discountPiastres: number | null;
  maxDiscountPiastres: number | null;
}

/** Everything the checkout shows and the server charges, all in piastres. */
export interface PriceQuote {
  period: PlanPeriod;
  /** Base month price × months, before any discount. */
  fullPricePiastres: number;
  periodDiscountPercent: number;
  /** The period's price after its discount, before a coupon. */
  pricePiastres: number;
  couponDiscountPiastres: number;
  /** What the buyer is charged. */
  amountPiastres: number;
}

/** The free trial costs nothing; the paid periods carry their own discount. */
export function periodDiscountPercent(plan: PlanPricing, period: PlanPeriod): number {
  switch (period) {
    case 'month':
      return plan.monthDiscountPercent;
    case 'quarter':
      return plan.quarterDiscountPercent;
    case 'year':
      return plan.yearDiscountPercent;
    case 'freeTrial':
      return 100;
  }
}

export function fullPeriodPricePiastres(plan: PlanPricing, period: PlanPeriod): number {
  return period === 'freeTrial' ? 0 : plan.baseMonthPricePiastres * PERIOD_MONTHS[period];
}

/** base month price × months × (1 − discount), rounded to the nearest piastre. */
export function periodPricePiastres(plan: PlanPricing, period: PlanPeriod): number {
  const full = fullPeriodPricePiastres(plan, period);
  return Math.round((full * (100 - periodDiscountPercent(plan, period))) / 100);
}

/** The coupon's discount on a price: never more than the price, a percentage capped by its maximum. */
export function couponDiscountPiastres(coupon: CouponTerms, pricePiastres: number): number {
  const raw =
    coupon.discountPercent !== null
      ? Math.round((pricePiastres * coupon.discountPercent) / 100)
      : (coupon.discountPiastres ?? 0);
  const capped = coupon.maxDiscountPiastres !== null ? Math.min(raw, coupon.maxDiscountPiastres) : raw;
  return Math.max(0, Math.min(capped, pricePiastres));
}

export function priceQuote(plan: PlanPricing, period: PlanPeriod, coupon?: CouponTerms | null): PriceQuote {
  const pricePiastres = periodPricePiastres(plan, period);
  const couponDiscount = coupon ? couponDiscountPiastres(coupon, pricePiastres) : 0;
  return {
    period,
    fullPricePiastres: fullPeriodPricePiastres(plan, period),
    periodDiscountPercent: periodDiscountPercent(plan, period),
    pricePiastres,
    couponDiscountPiastres: couponDiscount,
    amountPiastres: pricePiastres - couponDiscount,
  };
}

export const MAX_INSTALLMENTS = 12;

/** The instalment counts a plan offers: 2 up to its maximum (a maximum of 1 means pay at once only). */
export function installmentOptions(maxInstallments: number): number[] {
  const options: number[] = [];
  for (let count = 2; count <= Math.min(maxInstallments, MAX_INSTALLMENTS); count++) options.push(count);
  return options;
}

/** Splits an amount into equal monthly parts; the leftover piastres go to the first parts, so they sum exactly. */
export function installmentSchedule(amountPiastres: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) {
    throw new RangeError(`instalment count must be 1 to ${MAX_INSTALLMENTS}: ${count}`);
  }
  const part = Math.floor(amountPiastres / count);
  const leftover = amountPiastres - part * count;
  return Array.from({ length: count }, (_, i) => part + (i < leftover ? 1 : 0));
}

/** What the price of a lesson is read from: a plan's weekly minutes and its paid periods' prices. */
export interface PlanLessonPricing {
  weeklyMinutes: number;
  state: string;
  forInvitesOnly: boolean;
  prices: Record<'month' | 'quarter' | 'year', { weeks: number; pricePiastres: number }>;
}

/**
 * The least a lesson of `minutes` costs on a public plan: a period's price spread over all its weekly minutes, times
 * the lesson's length, rounded up to a whole pound (it is shown as "from"). Plans sell minutes, not lessons, so this
 * is what a student who uses her whole week pays per lesson; undefined when no public plan is on sale.
 */
export function lessonPriceFromPiastres(plans: readonly PlanLessonPricing[], minutes: number): number | undefined {
  let least: number | undefined;
  for (const plan of plans) {
    if (plan.state !== 'active' || plan.forInvitesOnly || plan.weeklyMinutes <= 0) continue;
    for (const { weeks, pricePiastres } of Object.values(plan.prices)) {
      if (weeks <= 0 || pricePiastres <= 0) continue;
      const lesson = (pricePiastres * minutes) / (plan.weeklyMinutes * weeks);
      if (least === undefined || lesson < least) least = lesson;
    }
  }
  return least === undefined ? undefined : Math.ceil(least / 100) * 100;
}
