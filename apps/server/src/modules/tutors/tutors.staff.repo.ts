import type { OnboardingFacts } from '@darsak/domain/interviews';
import { Role } from '@darsak/domain/users';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { messages, roomMembers } from '../chat/chat.table.ts';
import { earningsEntries } from '../invoices/invoices.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { demoSessions, interviews, introVideos, photoSessions } from '../onboarding/onboarding.table.ts';
import { userSearch } from '../users/users.repo.ts';
import { tutors, users } from '../users/users.table.ts';

// Staff's read of every tutor: the tutor row with its account, the figures other modules keep about them (fulfilled
// lessons, credited earnings) and the onboarding rows their stage is derived from. Read-only except the tutor's
// terms and activation, written under the row lock.

const lessonCount = (status: SQL) =>
  sql<number>`(select count(*) from ${lessons} where ${lessons.tutorId} = ${users.id} and ${status})`.mapWith(Number);

const staffFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  image: users.image,
  disabledAt: users.disabledAt,
  profileCompletedAt: users.profileCompletedAt,
  createdAt: users.createdAt,
  bio: tutors.bio,
  about: tutors.about,
  activated: tutors.activated,
  bypassOnboarding: tutors.bypassOnboarding,
  noticePeriodMinutes: tutors.noticePeriodMinutes,
  ratePerMinutePiastres: tutors.ratePerMinutePiastres,
  ratingSum: tutors.ratingSum,
  ratingCount: tutors.ratingCount,
  lessonLengths: tutors.lessonLengths,
  lessons: lessonCount(sql`${lessons.status} = 'fulfilled'`),
  upcomingLessons: lessonCount(sql`${lessons.status} in ('pending', 'happening')`),
  earningsPiastres: sql<number>`(select coalesce(sum(${earningsEntries.amountPiastres}), 0) from ${earningsEntries}
    where ${earningsEntries.tutorId} = ${users.id})`.mapWith(Number),
};
export type StaffTutorRow = Awaited<ReturnType<typeof listStaffTutorRows>>[number];

/** Every tutor (role tutor) matching the search and the activation filter, oldest first. */
export async function listStaffTutorRows(
  db: Db,
  filter: { q?: string | undefined; activated?: boolean | undefined; ids?: number[] | undefined },
) {
  if (filter.ids?.length === 0) return [];
  return db
    .select(staffFields)
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(
      and(
        eq(users.role, Role.tutor),
        userSearch(filter.q),
        filter.activated === undefined ? undefined : eq(tutors.activated, filter.activated),
        filter.ids ? inArray(users.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

/** The tutor's row locked for a staff change, with what the audit entry records before it. */
export async function lockStaffTutor(tx: Db, tutorId: number) {
  const [row] = await tx
    .select({
      activated: tutors.activated,
      bypassOnboarding: tutors.bypassOnboarding,
      noticePeriodMinutes: tutors.noticePeriodMinutes,
      ratePerMinutePiastres: tutors.ratePerMinutePiastres,
    })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(and(eq(tutors.userId, tutorId), eq(users.role, Role.tutor)))
    .for('update', { of: tutors });
  return row;
}

export type TutorTermsChange = Partial<{
  activated: boolean;
  bypassOnboarding: boolean;
  noticePeriodMinutes: number;
  ratePerMinutePiastres: number | null;
}>;

export async function updateStaffTutor(tx: Db, tutorId: number, change: TutorTermsChange) {
  await tx
    .update(tutors)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(tutors.userId, tutorId));
}

/** The newest row of each tutor, from rows sorted newest first. */
function newestBy<R>(rows: R[], tutorOf: (row: R) => number): Map<number, R> {
  const newest = new Map<number, R>();
  for (const row of rows) if (!newest.has(tutorOf(row))) newest.set(tutorOf(row), row);
  return newest;
}

type StepRows = Pick<OnboardingFacts, 'introVideo' | 'interview' | 'demoSession' | 'photoSession'>;

/** The newest intro video, interview, demo session and photo session of each tutor: what their steps derive from. */
export async function onboardingRowsOf(db: Db, tutorIds: number[]): Promise<Map<number, StepRows>> {
  if (tutorIds.length === 0) return new Map();
  const [videos, interviewRows, demoRows, photoRows] = await Promise.all([
    db
      .select({
        tutorId: introVideos.tutorId,
        status: introVideos.status,
        createdAt: introVideos.createdAt,
        reviewedAt: introVideos.reviewedAt,
      })
      .from(introVideos)
      .where(inArray(introVideos.tutorId, tutorIds))
      .orderBy(desc(introVideos.createdAt), desc(introVideos.id)),
    db
      .select({
        tutorId: interviews.intervieweeId,
        id: interviews.id,
        status: interviews.status,
        startsAt: interviews.startsAt,
        decidedAt: interviews.decidedAt,
      })
      .from(interviews)
      .where(inArray(interviews.intervieweeId, tutorIds))
      .orderBy(desc(interviews.startsAt), desc(interviews.id)),
    db
      .select({
        tutorId: demoSessions.tutorId,
        id: demoSessions.id,
        status: demoSessions.status,
        startsAt: demoSessions.startsAt,
        decidedAt: demoSessions.decidedAt,
      })
      .from(demoSessions)
      .where(inArray(demoSessions.tutorId, tutorIds))
      .orderBy(desc(demoSessions.startsAt), desc(demoSessions.id)),
    db
      .select({ tutorId: photoSessions.tutorId, status: photoSessions.status, completedAt: photoSessions.completedAt })
      .from(photoSessions)
      .where(inArray(photoSessions.tutorId, tutorIds))
      .orderBy(desc(photoSessions.createdAt), desc(photoSessions.id)),
  ]);
  const [video, interview, demo, photo] = [
    newestBy(videos, (r) => r.tutorId),
    newestBy(interviewRows, (r) => r.tutorId),
    newestBy(demoRows, (r) => r.tutorId),
    newestBy(photoRows, (r) => r.tutorId),
  ];
  return new Map(
    tutorIds.map((id) => [
      id,
      {
        introVideo: video.get(id),
        interview: interview.get(id),
        demoSession: demo.get(id),
        photoSession: photo.get(id),
      },
    ]),
  );
}

/**
 * Activated tutors nobody has reached yet. The rule (spec §7 /tutor/list/uncontacted): no lesson was ever booked
 * with them, whatever became of it, and no student ever wrote a chat message in a room the tutor is in.
 */
export async function uncontactedTutorIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: tutors.userId })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(
      and(
        eq(users.role, Role.tutor),
        eq(tutors.activated, true),
        sql`not exists (select 1 from ${lessons} where ${lessons.tutorId} = ${tutors.userId})`,
        sql`not exists (
          select 1 from ${roomMembers}
          join ${messages} on ${messages.roomId} = ${roomMembers.roomId}
          join ${users} as sender on sender.id = ${messages.senderId}
          where ${roomMembers.userId} = ${tutors.userId} and sender.role = ${Role.student})`,
      ),
    );
  return rows.map((row) => row.id);
}
