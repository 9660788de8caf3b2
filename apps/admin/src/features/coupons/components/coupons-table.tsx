import { errorCodeOf } from '@darsak/client';
import type { Coupon } from '@darsak/domain/plans';
import { Badge, Button, Card, ConfirmDialog, type TableColumn, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useCouponText } from '../hooks/use-coupon-text.ts';
import { COUPONS_PAGE_SIZE, useCoupons, useRemoveCoupon } from '../hooks/use-coupons.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';

export const STATUS_TONES = { 1: 'warning', 2: 'neutral', 3: 'success' } as const;

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

/** Coupons: code, discount, plan, expiry, use, status; create, edit, delete or stop; each code opens its page. */
export function CouponsTable() {
  const { t } = useI18n();
  const text = useCouponText();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const coupons = useCoupons(page, code.trim());

  const columns: TableColumn<Coupon>[] = [
    {
      key: 'code',
      header: t('payments.admin.coupons.code'),
      cell: (c) => (
        <Link to={paths.coupon.href(c.id)} className="text-primary-700 underline">
          <bdi className="font-mono font-semibold" dir="ltr">
            {c.code}
          </bdi>
        </Link>
      ),
    },
    { key: 'discount', header: t('payments.admin.coupons.discount'), cell: text.discount },
    { key: 'plan', header: t('payments.admin.coupons.plan'), cell: (c) => text.plan(c.planId) },
    { key: 'expires', header: t('payments.admin.coupons.expiresAt'), cell: text.expires },
    { key: 'used', header: t('payments.admin.coupons.used'), cell: text.used },
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
