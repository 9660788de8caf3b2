import { z } from 'zod';
import { MAX_NOTICE_PERIOD_MINUTES } from './lessons.constants.ts';

export const NoticePeriodMinutes = z
  .number()
  .int('notice-period-range')
  .min(0, 'notice-period-range')
  .max(MAX_NOTICE_PERIOD_MINUTES, 'notice-period-max');
