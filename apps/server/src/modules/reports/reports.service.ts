import type { Page } from '@darsak/domain/common';
import { offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { ReportEventPayload } from '@darsak/domain/realtime';
import {
  REPORT_FIELDS_MAX_BYTES,
  type Report,
  ReportFields,
  type ReportListQuery,
  type ReportUpdateInput,
} from '@darsak/domain/reports';
import { isAdminRole } from '@darsak/domain/users';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type IncomingFile, readAtMost } from '../../platform/http/uploads.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AssetsService } from '../assets/assets.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { UsersService } from '../users/users.service.ts';
import { reportResolvedNotice } from './reports.messages.ts';
import * as repo from './reports.repo.ts';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById'>;
  assets: Pick<AssetsService, 'withReportFiles'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  realtime: Pick<Realtime, 'toUser' | 'toChannel'>;
}

const privateUrl = (name: string | null) => (name ? `/assets/receipts/${encodeURIComponent(name)}` : null);

function toReport(row: repo.ReportRow): Report {
  const r = row.report;
  const context = r.context as { page?: string } | null;
  return {
    id: r.id,
    reporterId: r.reporterId,
    reporterName: row.reporterName,
    title: r.title,
    description: r.description,
    page: context?.page ?? null,
    status: r.status,
    note: r.adminNote,
    screenshotUrl: privateUrl(row.screenshotName),
    logUrl: privateUrl(row.logName),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The report's own fields: the `report` part, JSON of ReportFields; anything else is a coded bad-request. */
async function fieldsOf(content: IncomingFile['content']) {
  const text = (await readAtMost(content, REPORT_FIELDS_MAX_BYTES)).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad-request', { fields: { report: 'invalid' } });
  }
  const parsed = ReportFields.safeParse(json);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'report', i.message]));
    throw new AppError('bad-request', { fields });
  }
  return parsed.data;
}

/**
 * The upload without its `report` part, which is read (and checked) as it passes: the client sends it first, so
 * a report without a title is refused before any file is stored.
 */
async function* filesBesideFields(
  files: AsyncIterable<IncomingFile>,
  onFields: (fields: z.output<typeof ReportFields>) => void,
): AsyncGenerator<IncomingFile> {
  for await (const file of files) {
    if (file.field === 'report') onFields(await fieldsOf(file.content));
    else yield file;
  }
}

export function createReportsService(deps: ReportsDeps) {
  const { db, clock } = deps;

  async function view(tx: Db, id: number): Promise<Report> {
    const row = await repo.findReportView(tx, id);
    if (!row) throw new AppError('report-not-found');
    return toReport(row);
  }

  async function tellResolved(tx: Db, report: { id: number; title: string; reporterId: number | null }, note: string) {
    if (report.reporterId === null) return;
    const notice = reportResolvedNotice({ id: report.id, title: report.title, note });
    await deps.notifications.send(tx, report.reporterId, 'requestUpdate', notice, { template: 'report-resolved' });
  }

  return {
    /** DESIGN §4: anyone signed in files a report; its files are private to them and staff. */
    async create(actor: AuthUser, files: AsyncIterable<IncomingFile>): Promise<Report> {
      let fields: z.output<typeof ReportFields> | undefined;
      const report = await deps.assets.withReportFiles(
        actor,
        filesBesideFields(files, (read) => {
          fields = read;
        }),
        async (tx, assetIds) => {
          if (!fields) throw new AppError('bad-request', { fields: { report: 'required' } });
          const id = await repo.insertReport(tx, {
            reporterId: actor.id,
            title: fields.title,
            description: fields.description,
            context: fields.page ? { page: fields.page } : null,
            screenshotAssetId: assetIds.screenshot ?? null,
            logAssetId: assetIds.log ?? null,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
          return view(tx, id);
        },
      );
      // After commit, so staff who read the list on hearing it find the report there.
      deps.realtime.toChannel('reports', 'report:created', eventPayload(report));
      return report;
    },

    /** Everyone reads their own; admins any. Someone else's report is 403, a missing one 404. */
    async get(actor: AuthUser, id: number): Promise<Report> {
      const report = await view(db, id);
      if (report.reporterId !== actor.id && !isAdminRole(actor.role)) throw new AppError('forbidden');
      return report;
    },

    async list(actor: AuthUser, query: z.output<typeof ReportListQuery>): Promise<Page<Report>> {
      const reporterId = isAdminRole(actor.role) ? query.reporterId : actor.id;
      const { list, total } = await repo.listReports(db, {
        reporterId,
        status: query.status,
        q: query.q || undefined,
        limit: query.size,
        offset: offsetOf(query),
      });
      return { total, list: list.map(toReport) };
    },

    /**
     * Staff move a report to any status; resolving records who and when and tells the reporter with the note,
     * reopening clears the resolution. The reporter and the staff following `reports` hear of every move.
     */
    async update(actor: AuthUser, id: number, input: z.output<typeof ReportUpdateInput>): Promise<Report> {
      const result = await db.transaction(async (tx) => {
        const report = await repo.lockReport(tx, id);
        if (!report) throw new AppError('report-not-found');
        const resolving = input.status === 'resolved';
        await repo.updateReport(tx, id, {
          status: input.status,
          ...(input.note !== undefined && { adminNote: input.note || null }),
          resolvedBy: resolving ? actor.id : null,
          resolvedAt: resolving ? clock.now() : null,
          updatedAt: clock.now(),
        });
        if (resolving && report.status !== 'resolved') await tellResolved(tx, report, input.note ?? '');
        return view(tx, id);
      });
      const payload = eventPayload(result);
      if (result.reporterId) deps.realtime.toUser(result.reporterId, 'report:updated', payload);
      deps.realtime.toChannel('reports', 'report:updated', payload);
      deps.outbox.kick();
      return result;
    },
  };
}

const eventPayload = (report: Report): ReportEventPayload => ({
  reportId: report.id,
  status: report.status,
  title: report.title,
});

export type ReportsService = ReturnType<typeof createReportsService>;
