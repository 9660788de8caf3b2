import { z } from 'zod';
import { Id, IdParam } from '../common/ids.ts';
import { PageQuery, SearchText } from '../common/paging.ts';
import { REPORT_DESCRIPTION_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH, REPORT_TITLE_MAX_LENGTH } from './reports.constants.ts';
import { ReportStatusSchema } from './reports.enums.ts';

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'text-too-long');

/**
 * The `report` part of POST /report/with/asset (JSON): what went wrong in the user's words, and the page it was
 * sent from (the path, so staff can open the same screen).
 */
export const ReportFields = z.strictObject({
  title: requiredText(REPORT_TITLE_MAX_LENGTH),
  description: requiredText(REPORT_DESCRIPTION_MAX_LENGTH),
  page: z.string().trim().max(300).optional(),
});
export type ReportFields = z.input<typeof ReportFields>;

/** A staff move of a report: its new status and, to resolve it, the note the reporter is told. */
const reportMove = {
  status: ReportStatusSchema,
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, 'text-too-long').optional(),
};
/** A report resolved says how, to the reporter. */
const resolvedWithNote = (input: { status: string; note?: string | undefined }) =>
  input.status !== 'resolved' || Boolean(input.note);
const noteRequired = { path: ['note'], message: 'required' };

export const ReportUpdateInput = z.strictObject(reportMove).refine(resolvedWithNote, noteRequired);
export type ReportUpdateInput = z.input<typeof ReportUpdateInput>;
/** The spec's `PUT /api/v1/report`: the report's id in the body. */
export const ReportUpdateWithId = z.strictObject({ id: Id, ...reportMove }).refine(resolvedWithNote, noteRequired);

export const ReportListQuery = PageQuery.extend({
  status: ReportStatusSchema.optional(),
  /** The title or the reporter's name or e-mail contains it (staff). */
  q: SearchText.optional(),
  /** One person's reports (staff; everyone else always lists their own). */
  reporterId: IdParam.optional(),
}).strict();
export type ReportListQuery = z.input<typeof ReportListQuery>;

export const ReportSchema = z.object({
  id: z.number().int(),
  reporterId: z.number().int().nullable(),
  reporterName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  page: z.string().nullable(),
  status: ReportStatusSchema,
  note: z.string().nullable(),
  /** Private files at /assets/receipts/{name}: read with the reporter's or a staff member's token. */
  screenshotUrl: z.string().nullable(),
  logUrl: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;
