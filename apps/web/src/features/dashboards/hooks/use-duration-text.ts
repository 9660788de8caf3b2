import { useI18n } from '@darsak/ui/i18n';
import { useCallback } from 'react';

/** "٣ ساعات و١٥ دقيقة": minutes as hours and minutes. */
export function useDurationText() {
  const { t, format, intlLocale } = useI18n();
  return useCallback(
    (minutes: number) => {
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return format.minutes(rest);
      const h = new Intl.NumberFormat(intlLocale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
      return rest === 0 ? h : t('booking.dashboard.hoursAndMinutes', { hours: h, minutes: format.minutes(rest) });
    },
    [t, format, intlLocale],
  );
}
