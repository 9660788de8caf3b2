import type { Coupon } from '@darsak/domain/plans';
import { Badge, Button, Card } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { useCouponText } from '../hooks/use-coupon-text.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';
import { STATUS_TONES } from './coupons-table.tsx';

/** A coupon's facts as they are now, with its edit. */
export function CouponRecord({ coupon }: { coupon: Coupon }) {
  const { t, format } = useI18n();
  const text = useCouponText();
  const rows: Array<[MessageKey, ReactNode]> = [
    [
      'payments.admin.coupons.code',
      <bdi key="code" dir="ltr" className="font-mono">
        {coupon.code}
      </bdi>,
    ],
    ['payments.admin.coupons.discount', text.discount(coupon)],
    ['payments.admin.coupons.plan', text.plan(coupon.planId)],
    ['payments.admin.coupons.expiresAt', text.expires(coupon)],
    ['payments.admin.coupons.used', text.used(coupon)],
    [
      'payments.admin.coupons.status',
      <Badge key="status" tone={STATUS_TONES[coupon.status]}>
        {t(`payments.admin.coupons.status.${coupon.status}`)}
      </Badge>,
    ],
    ['payments.admin.coupons.createdAt', format.dateTime(coupon.createdAt)],
  ];
  return (
    <Card
      title={t('payments.admin.coupons.facts')}
      actions={
        <CouponFormDialog coupon={coupon} trigger={<Button size="sm">{t('payments.admin.coupons.edit')}</Button>} />
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-muted">{t(label)}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
