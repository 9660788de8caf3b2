import type { AppointmentSort, AppointmentStanding } from '@darsak/domain/interviews';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { assets } from '../assets/assets.table.ts';
import { userSearch } from '../users/users.repo.ts';
import { tutors, users } from '../users/users.table.ts';
import { demoSessions, interviews, introVideos, type NewIntroVideo, photoSessions } from './onboarding.table.ts';

// Besides its own tables this repository reads the account fields of the people it shows (users), the intro
// video's file (assets) and, for activation, writes the two onboarding flags of the tutor row.

export type AppointmentKind = 'interview' | 'demoSession';

/** An interview or a demo session in one shape: the applicant tutor meets a manager. */
export interface AppointmentRow {
  id: number;
  applicantId: number;
  managerId: number;
  startsAt: Date;
  endsAt: Date;
  status: number;
  feedback: string | null;
  note: string | null;
  level: number | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  cancelledBy: number | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  createdAt: Date;
}

const interviewFields = {
  id: interviews.id,
  applicantId: interviews.intervieweeId,
  managerId: interviews.interviewerId,
  startsAt: interviews.startsAt,
  endsAt: interviews.endsAt,
  status: interviews.status,
  feedback: interviews.feedback,
  note: interviews.note,
  level: interviews.level,
  decidedBy: interviews.decidedBy,
  decidedAt: interviews.decidedAt,
  cancelledBy: interviews.cancelledBy,
  cancelledAt: interviews.cancelledAt,
  cancelReason: interviews.cancelReason,
  createdAt: interviews.createdAt,
};

const demoFields = {
  ...interviewFields,
  id: demoSessions.id,
  applicantId: demoSessions.tutorId,
  managerId: demoSessions.managerId,
  startsAt: demoSessions.startsAt,
  endsAt: demoSessions.endsAt,
  status: demoSessions.status,
  feedback: demoSessions.feedback,
  note: demoSessions.note,
  level: sql<number | null>`null::smallint`,
  decidedBy: demoSessions.decidedBy,
  decidedAt: demoSessions.decidedAt,
  cancelledBy: demoSessions.cancelledBy,
  cancelledAt: demoSessions.cancelledAt,
  cancelReason: demoSessions.cancelReason,
  createdAt: demoSessions.createdAt,
};

const source = (kind: AppointmentKind) =>
  kind === 'interview'
    ? { table: interviews, fields: interviewFields }
    : { table: demoSessions, fields: demoFields as unknown as typeof interviewFields };

function selectAppointments(db: Db, kind: AppointmentKind, where: SQL | undefined) {
  const { table, fields } = source(kind);
  return db
    .select(fields)
    .from(table as unknown as typeof interviews)
    .where(where);
}

export async function findAppointment(db: Db, kind: AppointmentKind, id: number, lock?: 'update') {
  const query = selectAppointments(db, kind, eq(source(kind).fields.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row as AppointmentRow | undefined;
}

/** The applicant's newest appointment of this kind (booked or held last). */
export async function latestAppointment(db: Db, kind: AppointmentKind, applicantId: number) {
  const { fields } = source(kind);
  const [row] = await selectAppointments(db, kind, eq(fields.applicantId, applicantId))
    .orderBy(desc(fields.startsAt), desc(fields.id))
    .limit(1);
  return row as AppointmentRow | undefined;
}

/** The applicant's latest interview that was held and decided (the waiting periods run from it). */
export async function latestDecidedInterview(db: Db, applicantId: number) {
  const [row] = await selectAppointments(
    db,
    'interview',
    and(eq(interviews.intervieweeId, applicantId), inArray(interviews.status, [2, 3])),
  )
    .orderBy(desc(interviews.startsAt))
    .limit(1);
  return row as AppointmentRow | undefined;
}

export async function insertAppointment(
  tx: Db,
  kind: AppointmentKind,
  values: { applicantId: number; managerId: number; startsAt: Date; endsAt: Date; interviewId?: number },
): Promise<AppointmentRow> {
  const { applicantId, managerId, startsAt, endsAt } = values;
  const [row] =
    kind === 'interview'
      ? await tx
          .insert(interviews)
          .values({ intervieweeId: applicantId, interviewerId: managerId, startsAt, endsAt })
          .returning({ id: interviews.id })
      : await tx
          .insert(demoSessions)
          .values({ tutorId: applicantId, managerId, startsAt, endsAt, interviewId: values.interviewId ?? null })
          .returning({ id: demoSessions.id });
  const inserted = row && (await findAppointment(tx, kind, row.id));
  if (!inserted) throw new Error('appointment not inserted');
  return inserted;
}

export interface AppointmentChange {
  status?: number;
  feedback?: string | null;
  note?: string | null;
  level?: number | null;
  decidedBy?: number;
  decidedAt?: Date;
  cancelledBy?: number | null;
  cancelledAt?: Date;
  cancelReason?: string;
  updatedAt: Date;
}

export async function updateAppointment(tx: Db, kind: AppointmentKind, id: number, change: AppointmentChange) {
  if (kind === 'interview') await tx.update(interviews).set(change).where(eq(interviews.id, id));
  else {
    const { level: _level, ...rest } = change;
    await tx.update(demoSessions).set(rest).where(eq(demoSessions.id, id));
  }
}

export interface AppointmentFilter {
  applicantId?: number | undefined;
  managerId?: number | undefined;
  /** Either member: an applicant's own or a manager's own. */
  memberId?: number | undefined;
  /** toDecide: pending ones that have started by `now` (only then can the manager decide). */
  when?: 'upcoming' | 'past' | 'toDecide' | undefined;
  now: Date;
  status?: AppointmentStanding | undefined;
  /** The applicant searched for. */
  q?: string | undefined;
  sort?: AppointmentSort | undefined;
  limit: number;
  offset: number;
}

/** The person in `column` is one staff searched for (name, e-mail, phone or id, as on /users). */
const personMatching = (db: Db, column: AnyColumn, q: string | undefined) =>
  q ? inArray(column, db.select({ id: users.id }).from(users).where(userSearch(q))) : undefined;

/** Interview and demo session statuses share their numbers: pending 1, passed 2, rejected 3, cancelled 4 and up. */
const standingWhere = (status: AnyColumn, standing: AppointmentStanding | undefined) => {
  if (standing === 'cancelled') return gte(status, 4);
  return standing === undefined ? undefined : eq(status, { pending: 1, passed: 2, rejected: 3 }[standing]);
};

const whenWhere = (fields: typeof interviewFields, when: AppointmentFilter['when'], now: Date) => {
  if (when === 'upcoming') return eq(fields.status, 1);
  if (when === 'past') return ne(fields.status, 1);
  return when === 'toDecide' ? and(eq(fields.status, 1), lte(fields.startsAt, now)) : undefined;
};

export async function listAppointments(db: Db, kind: AppointmentKind, filter: AppointmentFilter) {
  const { table, fields } = source(kind);
  const where = and(
    filter.applicantId === undefined ? undefined : eq(fields.applicantId, filter.applicantId),
    filter.managerId === undefined ? undefined : eq(fields.managerId, filter.managerId),
    filter.memberId === undefined
      ? undefined
      : sql`(${fields.applicantId} = ${filter.memberId} or ${fields.managerId} = ${filter.memberId})`,
    whenWhere(fields, filter.when, filter.now),
    standingWhere(fields.status, filter.status),
    personMatching(db, fields.applicantId, filter.q),
  );
  const pending = sql`${fields.status} = 1`;
  const sort =
    filter.sort ??
    { upcoming: 'soonest', past: 'latest', toDecide: 'soonest', all: 'pendingFirst' }[filter.when ?? 'all'];
  const order =
    sort === 'soonest'
      ? [asc(fields.startsAt)]
      : sort === 'latest'
        ? [desc(fields.startsAt)]
        : [desc(pending), asc(sql`case when ${pending} then ${fields.startsAt} end`), desc(fields.startsAt)];
  const [rows, [total]] = await Promise.all([
    selectAppointments(db, kind, where)
      .orderBy(...order, desc(fields.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(table as unknown as typeof interviews)
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows as AppointmentRow[] };
}

/** Pending interviews and demo sessions of some managers overlapping [from, to): their busy times. */
export async function pendingOfManagers(db: Db, managerIds: number[], from: Date, to: Date) {
  if (managerIds.length === 0) return [];
  const overlap = (t: typeof interviews | typeof demoSessions) => and(gt(t.endsAt, from), lt(t.startsAt, to));
  const [a, b] = await Promise.all([
    db
      .select({ managerId: interviews.interviewerId, startsAt: interviews.startsAt, endsAt: interviews.endsAt })
      .from(interviews)
      .where(and(inArray(interviews.interviewerId, managerIds), eq(interviews.status, 1), overlap(interviews))),
    db
      .select({ managerId: demoSessions.managerId, startsAt: demoSessions.startsAt, endsAt: demoSessions.endsAt })
      .from(demoSessions)
      .where(and(inArray(demoSessions.managerId, managerIds), eq(demoSessions.status, 1), overlap(demoSessions))),
  ]);
  return [...a, ...b];
}

// intro videos

export interface IntroVideoRow {
  id: number;
  tutorId: number;
  assetName: string;
  mimeType: string;
  durationSeconds: number;
  status: 'pending' | 'rejected' | 'accepted';
  reviewNote: string | null;
  reviewedBy: number | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

const introVideoFields = {
  id: introVideos.id,
  tutorId: introVideos.tutorId,
  assetName: assets.name,
  mimeType: assets.mimeType,
  durationSeconds: introVideos.durationSeconds,
  status: introVideos.status,
  reviewNote: introVideos.reviewNote,
  reviewedBy: introVideos.reviewedBy,
  reviewedAt: introVideos.reviewedAt,
  createdAt: introVideos.createdAt,
};

const selectIntroVideos = (db: Db, where: SQL | undefined) =>
  db.select(introVideoFields).from(introVideos).innerJoin(assets, eq(assets.id, introVideos.assetId)).where(where);

export async function insertIntroVideo(tx: Db, values: NewIntroVideo): Promise<IntroVideoRow> {
  const [row] = await tx.insert(introVideos).values(values).returning({ id: introVideos.id });
  const [inserted] = row ? await selectIntroVideos(tx, eq(introVideos.id, row.id)) : [];
  if (!inserted) throw new Error('intro video not inserted');
  return inserted;
}

export async function findIntroVideo(db: Db, id: number, lock?: 'update'): Promise<IntroVideoRow | undefined> {
  const query = selectIntroVideos(db, eq(introVideos.id, id)).limit(1);
  const [row] = lock ? await query.for(lock, { of: introVideos }) : await query;
  return row;
}

export async function latestIntroVideo(db: Db, tutorId: number): Promise<IntroVideoRow | undefined> {
  const [row] = await selectIntroVideos(db, eq(introVideos.tutorId, tutorId))
    .orderBy(desc(introVideos.createdAt), desc(introVideos.id))
    .limit(1);
  return row;
}

/** The newest intro video of each of these tutors, in one query. */
export async function latestIntroVideosOf(db: Db, tutorIds: number[]): Promise<Map<number, IntroVideoRow>> {
  if (tutorIds.length === 0) return new Map();
  const rows = await selectIntroVideos(db, inArray(introVideos.tutorId, [...new Set(tutorIds)])).orderBy(
    desc(introVideos.createdAt),
    desc(introVideos.id),
  );
  const latest = new Map<number, IntroVideoRow>();
  for (const row of rows) if (!latest.has(row.tutorId)) latest.set(row.tutorId, row);
  return latest;
}

export async function reviewIntroVideo(
  tx: Db,
  id: number,
  review: { status: 'accepted' | 'rejected'; reviewNote: string | null; reviewedBy: number; reviewedAt: Date },
) {
  await tx
    .update(introVideos)
    .set({ ...review, updatedAt: review.reviewedAt })
    .where(eq(introVideos.id, id));
}

export async function listIntroVideos(
  db: Db,
  filter: {
    tutorId?: number | undefined;
    status?: IntroVideoRow['status'] | undefined;
    q?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    filter.tutorId === undefined ? undefined : eq(introVideos.tutorId, filter.tutorId),
    filter.status === undefined ? undefined : eq(introVideos.status, filter.status),
    personMatching(db, introVideos.tutorId, filter.q),
  );
  const pendingFirst = sql`case when ${introVideos.status} = 'pending' then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    selectIntroVideos(db, where)
      .orderBy(pendingFirst, asc(introVideos.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(introVideos).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// photo sessions

export async function openPhotoSession(tx: Db, tutorId: number, createdBy: number) {
  await tx.insert(photoSessions).values({ tutorId, createdBy }).onConflictDoNothing();
}

export async function latestPhotoSession(db: Db, tutorId: number, lock?: 'update') {
  const query = db
    .select()
    .from(photoSessions)
    .where(eq(photoSessions.tutorId, tutorId))
    .orderBy(desc(photoSessions.createdAt), desc(photoSessions.id))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function completePhotoSession(tx: Db, id: number, studioId: number, at: Date) {
  await tx
    .update(photoSessions)
    .set({ status: 'done', studioId, completedAt: at, updatedAt: at })
    .where(eq(photoSessions.id, id));
}

export async function listPhotoSessions(
  db: Db,
  filter: { done: boolean; q?: string | undefined; limit: number; offset: number },
) {
  const where = and(
    filter.done ? eq(photoSessions.status, 'done') : inArray(photoSessions.status, ['pending', 'scheduled']),
    personMatching(db, photoSessions.tutorId, filter.q),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(photoSessions)
      .where(where)
      .orderBy(filter.done ? desc(photoSessions.completedAt) : asc(photoSessions.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(photoSessions).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// people

export interface PersonRow {
  id: number;
  name: string;
  image: string | null;
}

export async function peopleByIds(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Applicants who stand before booking an interview or a demo session: an enabled tutor not yet activated, with
 * the step before it passed (intro video accepted; interview passed) and none pending or passed of this kind.
 * The waiting periods after a decided interview are the service's rule.
 */
export async function applicantsAwaitingBooking(db: Db, tutorRole: number) {
  const videoAccepted = sql`exists (select 1 from ${introVideos} where ${introVideos.tutorId} = ${users.id} and ${introVideos.status} = 'accepted')`;
  const interviewIn = (statuses: SQL) =>
    sql`exists (select 1 from ${interviews} where ${interviews.intervieweeId} = ${users.id} and ${interviews.status} in ${statuses})`;
  const demoOpen = sql`exists (select 1 from ${demoSessions} where ${demoSessions.tutorId} = ${users.id} and ${demoSessions.status} in (1, 2))`;
  const rows = await db
    .select({
      id: users.id,
      kind: sql<AppointmentKind>`case when ${interviewIn(sql`(2)`)} then 'demoSession' else 'interview' end`,
    })
    .from(users)
    .innerJoin(tutors, eq(tutors.userId, users.id))
    .where(
      and(
        eq(users.role, tutorRole),
        isNull(users.disabledAt),
        eq(tutors.activated, false),
        eq(tutors.bypassOnboarding, false),
        videoAccepted,
        sql`((${interviewIn(sql`(2)`)} and not ${demoOpen}) or not ${interviewIn(sql`(1, 2)`)})`,
      ),
    )
    .orderBy(asc(users.id));
  return rows;
}

/** Enabled accounts of a role, by name: interviewers (with their tutor row's notice) or studio staff. */
export async function activeManagers(db: Db, role: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      noticePeriodMinutes: tutors.noticePeriodMinutes,
    })
    .from(users)
    .innerJoin(tutors, eq(tutors.userId, users.id))
    .where(and(eq(users.role, role), isNull(users.disabledAt), eq(tutors.activated, true)))
    .orderBy(asc(users.name), asc(users.id));
}

export async function usersOfRole(db: Db, role: number): Promise<PersonRow[]> {
  return db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.disabledAt)))
    .orderBy(asc(users.name));
}

/**
 * A tutor row with its account's onboarding facts; locked for the rest of the transaction with `update`, so the
 * bookings of one applicant, or on one manager, queue there.
 */
export async function findTutorRow(tx: Db, userId: number, lock?: 'update') {
  const query = tx
    .select({
      userId: tutors.userId,
      activated: tutors.activated,
      bypassOnboarding: tutors.bypassOnboarding,
      video: tutors.video,
      thumbnail: tutors.thumbnail,
      role: users.role,
      disabledAt: users.disabledAt,
      image: users.image,
      profileCompletedAt: users.profileCompletedAt,
    })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(eq(tutors.userId, userId))
    .limit(1);
  const [row] = lock ? await query.for(lock, { of: tutors }) : await query;
  return row;
}

export async function setTutorFlags(
  tx: Db,
  userId: number,
  flags: { activated?: boolean; bypassOnboarding?: boolean },
) {
  await tx
    .update(tutors)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(tutors.userId, userId));
}
