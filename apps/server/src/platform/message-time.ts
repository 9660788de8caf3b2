import { BUSINESS_TIME_ZONE } from '@darsak/domain/common';

/** A moment as messages write it, in Cairo time: "الأربعاء ٨ يناير، ١٢:٠٠ م". */
export const messageMoment = new Intl.DateTimeFormat('ar-EG', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
