import { IdParams } from '../common/ids.ts';
import { pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { REPORT_SCREENSHOT_MAX_BYTES } from './reports.constants.ts';
import { ReportListQuery, ReportSchema, ReportUpdateInput, ReportUpdateWithId } from './reports.schemas.ts';

const report = { tags: ['report'] } as const;

/** REPORT of spec §7. DESIGN §4: every role files and reads its own reports; admins read and move all. */
export const reportsContract = {
  create: defineRoute({
    ...report,
    method: 'POST',
    path: '/api/v1/report/with/asset',
    summary:
      'File a problem report (multipart): `report`, a JSON part {title, description, page?}; optional `screenshot` ' +
      '(an image, 8 MB at most) and `log` (the exported client log, UTF-8 text, 1 MB at most), stored privately',
    auth: 'signedIn',
    multipart: { files: ['report', 'screenshot', 'log'], maxBytes: REPORT_SCREENSHOT_MAX_BYTES },
    response: ReportSchema,
    status: 201,
    errors: ['large-file-size', 'unsupported-file-type'],
  }),
  list: defineRoute({
    ...report,
    method: 'GET',
    path: '/api/v1/report/list',
    summary: "The caller's reports, newest first (admins: everyone's, searched by title or reporter, by status)",
    auth: 'signedIn',
    query: ReportListQuery,
    response: pageOf(ReportSchema),
    errors: [],
  }),
  get: defineRoute({
    ...report,
    method: 'GET',
    path: '/api/v1/report/:id',
    summary: 'One report (its reporter or admins)',
    auth: 'signedIn',
    params: IdParams,
    response: ReportSchema,
    errors: ['report-not-found', 'forbidden'],
  }),
  update: defineRoute({
    ...report,
    method: 'PUT',
    path: '/api/v1/report/:id',
    summary: 'Move a report: open, in progress or resolved with a note the reporter is told (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: ReportUpdateInput,
    response: ReportSchema,
    errors: ['report-not-found'],
  }),
  updateAtSpecPath: defineRoute({
    ...report,
    method: 'PUT',
    path: '/api/v1/report',
    summary: "Move a report, its id in the body (the spec's spelling of `PUT /api/v1/report/{id}`; admins)",
    auth: ROLE_GROUPS.admins,
    body: ReportUpdateWithId,
    response: ReportSchema,
    errors: ['report-not-found'],
  }),
} as const;
