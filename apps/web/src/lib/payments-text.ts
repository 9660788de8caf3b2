import type { PlanPeriod } from '@darsak/domain/plans';
import { DEFAULT_TIME_ZONE, dateTimeFormat, numberFormat, useI18n } from '@darsak/ui/i18n';
import { useMemo } from 'react';

type Counted = 'payments.count.installments' | 'payments.count.lessons' | 'payments.count.weeks';

export interface PaymentsText {
  /** The plan's name in the page's language, or "the N-minute plan". */
  planName(plan: { nameAr: string | null; nameEn: string | null; weeklyMinutes: number }): string;
  /** "١٢٠ دقيقة أسبوعيًا" */
  perWeek(minutes: number): string;
  /** "شهر", "3 أشهر", "سنة" */
  period(period: PlanPeriod): string;
  /** A counted word with the language's plural forms ("دفعتين", "٣ دفعات", "١٢ أسبوعًا"). */
  count(base: Counted, count: number): string;
  /** "٢٠٪" */
  percent(value: number): string;
  /** "الأربعاء، ٨ يناير" in Cairo time. */
  weekday(value: string | Date): string;
  /** "٦:٠٠ ص" in Cairo time. */
  clock(value: string | Date): string;
  /** Piastres as EGP, whole pounds without decimals ("١٬١٠٠ ج.م.‏", "٣٣٣٫٣٣ ج.م.‏"). */
  money(piastres: number): string;
}

/** Words shared by the plans, checkout, payments and subscription screens (Intl for ar-EG numbers and money). */
export function usePaymentsText(): PaymentsText {
  const { t, locale, intlLocale, format } = useI18n();
  return useMemo(() => {
    const pounds = () => numberFormat(intlLocale, { style: 'currency', currency: 'EGP', maximumFractionDigits: 0 });
    const piastres = () => numberFormat(intlLocale, { style: 'currency', currency: 'EGP', minimumFractionDigits: 2 });
    const count = (base: Counted, value: number) => t(base, { count: value });
    const weekday = () =>
      dateTimeFormat(intlLocale, { timeZone: DEFAULT_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
    const clock = () => dateTimeFormat(intlLocale, { timeZone: DEFAULT_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
    return {
      weekday: (value) => weekday().format(new Date(value)),
      clock: (value) => clock().format(new Date(value)),
      planName: (plan) => {
        const name = locale === 'en' ? (plan.nameEn ?? plan.nameAr) : (plan.nameAr ?? plan.nameEn);
        return name ?? t('payments.plan.fallbackName', { minutes: format.minutes(plan.weeklyMinutes) });
      },
      perWeek: (minutes) => t('payments.plan.perWeek', { minutes: format.minutes(minutes) }),
      period: (period) => t(`payments.period.${period}`),
      count,
      percent: (value) => format.number(value / 100, { style: 'percent' }),
      money: (value) => (value % 100 === 0 ? pounds() : piastres()).format(value / 100),
    };
  }, [t, locale, intlLocale, format]);
}
