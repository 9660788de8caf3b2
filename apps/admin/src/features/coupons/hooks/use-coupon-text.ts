import type { Coupon } from '@darsak/domain/plans';
import { useI18n } from '@darsak/ui/i18n';
import { usePlanText } from '../../../lib/plan-text.ts';
import { useAllPlans } from './use-coupons.ts';

/** A coupon's discount, plan and use as the coupons table and a coupon's page write them. */
export function useCouponText() {
  const { t, format } = useI18n();
  const text = usePlanText();
  const plans = useAllPlans();
  return {
    discount: (c: Coupon) =>
      c.discountPercent !== null
        ? c.maxDiscountPiastres !== null
          ? t('payments.admin.coupons.upTo', {
              percent: text.percent(c.discountPercent),
              max: text.money(c.maxDiscountPiastres),
            })
          : text.percent(c.discountPercent)
        : text.money(c.discountPiastres ?? 0),
    plan: (id: number | null) => {
      if (id === null) return t('payments.admin.coupons.anyPlan');
      const plan = plans.data?.find((p) => p.id === id);
      return plan ? text.planName(plan) : `#${format.number(id)}`;
    },
    used: (c: Coupon) =>
      c.usageLimit !== null
        ? t('payments.admin.coupons.usedOf', { used: format.number(c.usedCount), limit: format.number(c.usageLimit) })
        : format.number(c.usedCount),
    expires: (c: Coupon) => (c.expiresAt ? format.date(c.expiresAt) : t('payments.admin.coupons.noExpiry')),
  };
}
