import type { ReportStatus } from '@darsak/domain/reports';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { assets } from '../assets/assets.table.ts';
import { users } from '../users/users.table.ts';
import { type NewReport, type Report, reports } from './reports.table.ts';

const screenshot = alias(assets, 'screenshot');
const log = alias(assets, 'log');

/** A report with its reporter's name and the stored names of its files. */
const reportsWithFiles = (db: Db) =>
  db
    .select({
      report: reports,
      reporterName: users.name,
      screenshotName: screenshot.name,
      logName: log.name,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(screenshot, eq(screenshot.id, reports.screenshotAssetId))
    .leftJoin(log, eq(log.id, reports.logAssetId));
export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsWithFiles>['execute']>>[number];

export async function insertReport(tx: Db, values: NewReport): Promise<number> {
  const [row] = await tx.insert(reports).values(values).returning({ id: reports.id });
  if (!row) throw new Error('report insert returned nothing');
  return row.id;
}

export async function findReportView(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await reportsWithFiles(db).where(eq(reports.id, id)).limit(1);
  return row;
}

export async function lockReport(tx: Db, id: number): Promise<Report | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

export async function updateReport(tx: Db, id: number, values: Partial<NewReport>): Promise<void> {
  await tx.update(reports).set(values).where(eq(reports.id, id));
}

export interface ReportFilter {
  reporterId?: number | undefined;
  status?: ReportStatus | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

export async function listReports(db: Db, filter: ReportFilter) {
  const pattern = filter.q ? containing(filter.q) : undefined;
  const where = and(
    filter.reporterId !== undefined ? eq(reports.reporterId, filter.reporterId) : undefined,
    filter.status !== undefined ? eq(reports.status, filter.status) : undefined,
    pattern ? or(ilike(reports.title, pattern), ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [list, totals] = await Promise.all([
    reportsWithFiles(db)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}
