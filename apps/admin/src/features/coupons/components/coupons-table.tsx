import { errorCodeOf } from '@darsak/client';
import type { Coupon } from '@darsak/domain/plans';
import { Badge, Button, Card, ConfirmDialog, type TableColumn, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePlanText } from '../../../lib/plan-text.ts';
import { COUPONS_PAGE_SIZE, useAllPlans, useCoupons, useRemoveCoupon } from '../hooks/use-coupons.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';

const STATUS_TONES = { 1: 'warning', 2: 'neutral', 3: 'success' } as const;

function RemoveCoupon({ coupon }: { coupon: Coupon }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const remove = useRemoveCoupon();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={t('payments.admin.coupons.delete', { code: coupon.code })}>
          {t('payments.admin.plans.deleteConfirm')}
        </Button>
      }
      title={t('payments.admin.coupons.deleteTitle')}
      description={t('payments.admin.coupons.deleteBody')}
      confirm={t('payments.admin.plans.deleteConfirm')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(coupon.id).then(
          ({ outcome }) =>
            toast({
              type: 'success',
              title:
                outcome === 'deleted' ? t('payments.admin.coupons.deleted') : t('payments.admin.coupons.deactivated'),
            }),
          (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) }),
        )
      }
    />
  );
}

/** Coupons: code, discount, plan, expiry, use, status; create, edit, delete or stop. */
export function CouponsTable() {
  const { t, format } = useI18n();
  const text = usePlanText();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const coupons = useCoupons(page, code.trim());
  const plans = useAllPlans();
  const planName = (id: number | null) => {
    if (id === null) return t('payments.admin.coupons.anyPlan');
    const plan = plans.data?.find((p) => p.id === id);
    return plan ? text.planName(plan) : `#${format.number(id)}`;
  };

  const columns: TableColumn<Coupon>[] = [
    {
      key: 'code',
      header: t('payments.admin.coupons.code'),
      cell: (c) => (
        <bdi className="font-mono font-semibold" dir="ltr">
          {c.code}
        </bdi>
      ),
    },
    {
      key: 'discount',
      header: t('payments.admin.coupons.discount'),
      cell: (c) =>
        c.discountPercent !== null
          ? c.maxDiscountPiastres !== null
            ? t('payments.admin.coupons.upTo', {
                percent: text.percent(c.discountPercent),
                max: text.money(c.maxDiscountPiastres),
              })
            : text.percent(c.discountPercent)
          : text.money(c.discountPiastres ?? 0),
    },
    { key: 'plan', header: t('payments.admin.coupons.plan'), cell: (c) => planName(c.planId) },
    {
      key: 'expires',
      header: t('payments.admin.coupons.expiresAt'),
      cell: (c) => (c.expiresAt ? format.date(c.expiresAt) : t('payments.admin.coupons.noExpiry')),
    },
    {
      key: 'used',
      header: t('payments.admin.coupons.used'),
      cell: (c) =>
        c.usageLimit !== null
          ? t('payments.admin.coupons.usedOf', { used: format.number(c.usedCount), limit: format.number(c.usageLimit) })
          : format.number(c.usedCount),
    },
    {
      key: 'status',
      header: t('payments.admin.coupons.status'),
      cell: (c) => <Badge tone={STATUS_TONES[c.status]}>{t(`payments.admin.coupons.status.${c.status}`)}</Badge>,
    },
    {
      key: 'actions',
      header: t('payments.admin.plans.actions'),
      cell: (c) => (
        <div className="flex flex-wrap gap-1">
          <CouponFormDialog
            coupon={c}
            trigger={
              <Button size="sm" variant="secondary" aria-label={`${t('payments.admin.coupons.edit')}: ${c.code}`}>
                {t('common.edit')}
              </Button>
            }
          />
          <RemoveCoupon coupon={c} />
        </div>
      ),
    },
  ];

  return (
    <Card
      title={t('payments.admin.coupons.title')}
      actions={
        <CouponFormDialog coupon={null} trigger={<Button size="sm">{t('payments.admin.coupons.new')}</Button>} />
      }
    >
      <div className="mb-4 max-w-xs">
        <TextField
          label={t('payments.admin.coupons.search')}
          dir="ltr"
          type="search"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        query={coupons}
        caption={t('payments.admin.coupons.title')}
        columns={columns}
        rowKey={(c) => c.id}
        empty={t('payments.admin.coupons.empty')}
        loadError={t('payments.admin.coupons.loadError')}
        page={page}
        pageSize={COUPONS_PAGE_SIZE}
        onPage={setPage}
      />
    </Card>
  );
}
