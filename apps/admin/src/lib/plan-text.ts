import { useI18n } from '@darsak/ui/i18n';
import { useMemo } from 'react';

/** Plan names, money and percentages as the admin pages show them (Intl for the page's locale). */
export function usePlanText() {
  const { t, locale, intlLocale, format } = useI18n();
  return useMemo(() => {
    const pounds = new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'EGP', maximumFractionDigits: 0 });
    const piastres = new Intl.NumberFormat(intlLocale, {
      style: 'currency',
      currency: 'EGP',
      minimumFractionDigits: 2,
    });
    return {
      planName: (plan: { nameAr: string | null; nameEn: string | null; weeklyMinutes: number }) => {
        const name = locale === 'en' ? (plan.nameEn ?? plan.nameAr) : (plan.nameAr ?? plan.nameEn);
        return name ?? t('payments.plan.fallbackName', { minutes: format.minutes(plan.weeklyMinutes) });
      },
      money: (value: number) => (value % 100 === 0 ? pounds : piastres).format(value / 100),
      percent: (value: number) => format.number(value / 100, { style: 'percent' }),
    };
  }, [t, locale, intlLocale, format]);
}

/** Pounds typed by a person to piastres (the API's money unit); NaN stays NaN for the schema to refuse. */
export const egpToPiastres = (egp: number): number => (Number.isFinite(egp) ? Math.round(egp * 100) : Number.NaN);
