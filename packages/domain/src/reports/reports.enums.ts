import { z } from 'zod';

export const ReportType = { screenshot: 'screenshot', log: 'log' } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const ReportTypeSchema = z.enum(ReportType);
