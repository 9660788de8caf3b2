import { useI18n } from '@darsak/ui/i18n';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { paths } from '../../config/paths.ts';
import { AuditTable } from '../../features/audit/components/audit-table.tsx';
import { CouponRecord } from '../../features/coupons/components/coupon-record.tsx';
import { useCoupon } from '../../features/coupons/hooks/use-coupons.ts';

/** /coupon/{id}: the coupon as it is now (GET /api/v1/coupon/:id), its edit, and who changed it when. */
export function CouponPage() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  const coupon = useCoupon(id);
  return (
    <RecordPage
      query={coupon}
      back={{ href: paths.plans.href(), label: t('payments.admin.coupons.back') }}
      title={coupon.data ? t('payments.admin.coupons.detailTitle', { code: coupon.data.code }) : ''}
      notFound="coupon-not-found"
      loadError={t('payments.admin.coupons.detailLoadError')}
    >
      {(loaded) => (
        <>
          <CouponRecord coupon={loaded} />
          <AuditTable
            title={t('payments.admin.coupons.history')}
            filter={{ objectType: 'coupon', objectId: loaded.id }}
          />
        </>
      )}
    </RecordPage>
  );
}
