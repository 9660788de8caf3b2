import { z } from 'zod';

/** The files a report may carry (spec: report types). */
export const ReportType = { screenshot: 'screenshot', log: 'log' } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const ReportTypeSchema = z.enum(ReportType);

/** DESIGN §4: a report is open → in progress → resolved (with a note). */
export const REPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
