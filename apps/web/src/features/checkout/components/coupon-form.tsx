import { fieldErrorsOf } from '@darsak/client';
import type { CouponCheck, PaidPeriod } from '@darsak/domain/plans';
import { couponCodeOf } from '@darsak/domain/plans';
import { Alert, Button, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { useCouponCheck } from '../hooks/use-checkout.ts';

export interface CouponFormProps {
  planId: number;
  period: PaidPeriod;
  applied: CouponCheck | null;
  onApplied: (coupon: CouponCheck | null) => void;
  disabled?: boolean;
}

/**
 * The coupon field: checked by `GET /api/v1/coupon/code/{code}` for this plan and period; unknown, expired and
 * zero-discount coupons are refused inline with their messages (a coupon worth nothing here says so).
 */
export function CouponForm({ planId, period, applied, onApplied, disabled }: CouponFormProps) {
  const { t, fieldMessage } = useI18n();
  const text = usePaymentsText();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const check = useCouponCheck(planId, period);

  if (applied) {
    return (
      <Alert
        tone="success"
        action={
          <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onApplied(null)}>
            {t('payments.coupon.remove')}
          </Button>
        }
      >
        {t('payments.coupon.applied', {
          code: applied.code,
          amount: text.money(applied.quote?.couponDiscountPiastres ?? 0),
        })}
      </Alert>
    );
  }

  const serverField = fieldErrorsOf(check.error).couponCode?.[0];
  const error = formatError ?? fieldMessage(serverField) ?? (check.error ? errorText(check.error) : undefined);
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = couponCodeOf(code);
        if (!checked) {
          setFormatError(fieldMessage('coupon-code-format'));
          return;
        }
        setFormatError(undefined);
        check.mutate(checked, { onSuccess: (coupon) => onApplied(coupon) });
      }}
    >
      <div className="flex items-start gap-2">
        <TextField
          className="flex-1"
          label={t('payments.coupon.label')}
          hint={error ? undefined : t('payments.coupon.hint')}
          error={error}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          disabled={disabled}
          onChange={(event) => {
            setCode(event.target.value);
            setFormatError(undefined);
            check.reset();
          }}
        />
        <Button type="submit" variant="secondary" className="mt-7" loading={check.isPending} disabled={disabled}>
          {t('payments.coupon.apply')}
        </Button>
      </div>
    </form>
  );
}
