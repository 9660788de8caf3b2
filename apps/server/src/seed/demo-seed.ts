import { randomBytes } from 'node:crypto';
import { egpToPiastres, MS_PER_DAY, MS_PER_HOUR, startOfCairoDay } from '@darsak/domain/common';
import { PERIOD_WEEKS, periodPricePiastres } from '@darsak/domain/plans';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { subscriptionEndsAt, weekAnchorFor } from '@darsak/domain/subscriptions';
import { type Gender, Role, type RoleName } from '@darsak/domain/users';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { assets } from '../modules/assets/assets.table.ts';
import { availabilitySlots } from '../modules/availability/availability.table.ts';
import { notificationPreferences } from '../modules/notifications/notifications.table.ts';
import { planInvites, plans } from '../modules/plans/plans.table.ts';
import { subscriptions } from '../modules/subscriptions/subscriptions.table.ts';
import { countFavouriteTopics } from '../modules/topics/topics.service.ts';
import { topics, userTopics } from '../modules/topics/topics.table.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { students, tutors, users } from '../modules/users/users.table.ts';
import type { Db } from '../platform/db/client.ts';
import { hashPassword } from '../platform/security/passwords.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { seedConversation } from './demo-chats.ts';
import {
  DEMO_CHATS,
  DEMO_PLAN_DISCOUNTS,
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_STUDENTS,
  DEMO_TOPICS,
  DEMO_TRIAL_STUDENT_EMAIL,
  DEMO_TUTOR_EMAIL,
  DEMO_TUTORS,
  DEMO_TUTORS_WITHOUT_VIDEO,
  type DemoTutor,
} from './demo-data.ts';
import { insertTaughtLessons, seedReviews } from './demo-lessons.ts';
import { introClip } from './intro-clip.ts';

/** The shared password of the local demo accounts (local mode only; printed at start). */
export const DEMO_PASSWORD = 'Darsak2026';

export interface DemoSignIn {
  role: RoleName;
  email: string;
  password: string;
}

/** One account per role besides tutors (the first demo tutor is tutor@darsak.test). */
const DEMO_STAFF: { role: RoleName; name: string; email: string; gender: Gender }[] = [
  { role: 'superAdmin', name: 'مدير النظام', email: 'superadmin@darsak.test', gender: 'male' },
  { role: 'admin', name: 'مشرف المنصة', email: 'admin@darsak.test', gender: 'male' },
  { role: 'tutorManager', name: 'منى عبد الرحمن', email: 'manager@darsak.test', gender: 'female' },
  { role: 'studio', name: 'استوديو درسك', email: 'studio@darsak.test', gender: 'female' },
  { role: 'student', name: 'سارة علي', email: 'student@darsak.test', gender: 'female' },
];

/** Staff first, as the start banner lists them. */
const SIGN_IN_ORDER: RoleName[] = ['superAdmin', 'admin', 'tutorManager', 'studio', 'tutor', 'student'];

const AVATAR_SIDE = 480;
/** Fulfilled lessons of the demo tutor (two a week): 12 × 30 and 4 × 15 minutes, 1,050 EGP at the default rate. */
const DEMO_FULFILLED_LESSONS = 16;
const AVATAR_COLOURS = ['#0f766e', '#7c3aed', '#b45309', '#be123c', '#1d4ed8', '#15803d'];

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Distinct, valid Egyptian mobile numbers (010 and eight digits). */
const demoPhone = (n: number) => `010${String(20_000_000 + n)}`;

/** A 480x480 PNG of the name's initials ("أ ح") on a colour of its own, drawn locally from SVG. */
export function initialsAvatar(name: string, colour: string): Promise<Buffer> {
  const initials = name
    .split(' ')
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIDE}" height="${AVATAR_SIDE}">
    <rect width="100%" height="100%" fill="${colour}"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" direction="rtl" fill="#ffffff" font-size="170"
      font-weight="700" font-family="Noto Sans Arabic, Noto Naskh Arabic, Segoe UI, Tahoma, DejaVu Sans, sans-serif"
    >${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A stored file of the seed, recorded as the tutor's asset once their account exists. */
interface SeededFile {
  type: 'image' | 'video' | 'thumbnail';
  name: string;
  mimeType: string;
  sizeBytes: number;
  width: number;
  height: number;
  durationSeconds?: number;
}

const storeFile = async (storage: Storage, file: Omit<SeededFile, 'name' | 'sizeBytes'>, ext: string, body: Buffer) => {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  return { ...file, name, sizeBytes: await storage.put('uploads', name, body, file.mimeType) };
};

/** A tutor's picture and, unless they are among the few without one, an intro clip and its thumbnail. */
async function tutorMedia(storage: Storage, tutor: DemoTutor, colour: string): Promise<SeededFile[]> {
  const side = { width: AVATAR_SIDE, height: AVATAR_SIDE };
  const picture = storeFile(
    storage,
    { type: 'image', mimeType: 'image/png', ...side },
    'png',
    await initialsAvatar(tutor.name, colour),
  );
  if (DEMO_TUTORS_WITHOUT_VIDEO.includes(tutor.email)) return [await picture];
  const topics = tutor.topics.map((name) => DEMO_TOPICS.find((t) => t.nameEn === name)?.nameAr ?? name);
  const clip = await introClip({ name: tutor.name, line: topics.join(' · '), colour });
  const frame = { width: clip.width, height: clip.height };
  return Promise.all([
    picture,
    storeFile(
      storage,
      { type: 'video', mimeType: 'video/webm', durationSeconds: clip.durationSeconds, ...frame },
      'webm',
      clip.video,
    ),
    storeFile(storage, { type: 'thumbnail', mimeType: 'image/jpeg', ...frame }, 'jpg', clip.thumbnail),
  ]);
}

/** Seeds the demo data set once (first start on an empty database); later starts only list the sign-ins. */
export async function seedDemoData(db: Db, storage: Storage, now: Date): Promise<DemoSignIn[]> {
  const signIns: DemoSignIn[] = [...DEMO_STAFF, { role: 'tutor' as const, email: DEMO_TUTOR_EMAIL }]
    .map(({ role, email }) => ({ role, email, password: DEMO_PASSWORD }))
    .sort((a, b) => SIGN_IN_ORDER.indexOf(a.role) - SIGN_IN_ORDER.indexOf(b.role));
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return signIns;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const media = await Promise.all(
    DEMO_TUTORS.map((tutor, i) => tutorMedia(storage, tutor, AVATAR_COLOURS[i % AVATAR_COLOURS.length] ?? '#0f766e')),
  );
  // Profile completion is judged by the same rules as in the app, not assumed here.
  const profiles = createUsersService({
    db,
    clock: { now: () => now },
    uploadUrl: (n) => n,
    countFavouriteTopics,
    // The seed runs before any server caches tutors.
    tutorChanges: { notify: async () => undefined },
  });
  let accounts = 0;

  await db.transaction(async (tx) => {
    const createAccount = async (values: {
      role: RoleName;
      name: string;
      email: string;
      gender: Gender;
      governorate?: number;
      birthYear?: number;
      image?: string;
    }) => {
      accounts += 1;
      const [row] = await tx
        .insert(users)
        .values({
          governorate: 1,
          birthYear: 1995,
          ...values,
          role: Role[values.role],
          passwordHash,
          phone: demoPhone(accounts),
          notificationMethod: 'whatsapp',
          emailVerifiedAt: now,
          phoneVerifiedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error(`seeding ${values.email} returned nothing`);
      // Demo accounts have chosen WhatsApp: no prompt to choose after their first booking.
      await tx.insert(notificationPreferences).values({ userId: row.id, chosenAt: now });
      return row.id;
    };

    const topicIds = new Map<string, number>();
    for (const row of await tx
      .insert(topics)
      .values([...DEMO_TOPICS])
      .returning())
      topicIds.set(row.nameEn, row.id);
    const topicId = (name: string) => {
      const id = topicIds.get(name);
      if (id === undefined) throw new Error(`demo topic ${name} is not in the catalogue`);
      return id;
    };

    const seeded: number[] = [];
    for (const staff of DEMO_STAFF) {
      const id = await createAccount(staff);
      if (staff.role === 'tutorManager') await tx.insert(tutors).values({ userId: id, activated: true });
      if (staff.role === 'student') await tx.insert(students).values({ userId: id, englishLevel: 2 });
      seeded.push(id);
    }

    for (const [i, tutor] of DEMO_TUTORS.entries()) {
      const files = media[i] ?? [];
      const named = (type: SeededFile['type']) => files.find((file) => file.type === type)?.name;
      const { topics: favourites, week, bio, about, lessonLengths, ...profile } = tutor;
      const id = await createAccount({ role: 'tutor', ...profile, image: named('image') });
      await tx.insert(tutors).values({
        userId: id,
        bio,
        about,
        video: named('video'),
        thumbnail: named('thumbnail'),
        activated: true,
        noticePeriodMinutes: 30,
        lessonLengths,
      });
      await tx.insert(userTopics).values(favourites.map((t) => ({ userId: id, topicId: topicId(t) })));
      await tx.insert(availabilitySlots).values(
        week.map(([weekday, from, to]) => ({
          tutorId: id,
          weekday,
          startMinute: minutesOf(from),
          endMinute: minutesOf(to),
        })),
      );
      if (files.length > 0)
        await tx.insert(assets).values(files.map((file) => ({ ...file, ownerId: id, bucket: 'uploads' as const })));
      seeded.push(id);
    }

    let trialStudent: number | undefined;
    for (const [i, { englishLevel, goal, ...student }] of DEMO_STUDENTS.entries()) {
      const id = await createAccount({ role: 'student', ...student, governorate: 1 + i, birthYear: 2000 + i });
      await tx.insert(students).values({ userId: id, englishLevel, goal });
      if (student.email === DEMO_TRIAL_STUDENT_EMAIL) trialStudent = id;
      seeded.push(id);
    }

    await tx.insert(plans).values(
      DEMO_PLANS.map(({ monthEgp, ...plan }) => ({
        ...plan,
        baseMonthPricePiastres: egpToPiastres(monthEgp),
        monthDiscountPercent: DEMO_PLAN_DISCOUNTS.month,
        quarterDiscountPercent: DEMO_PLAN_DISCOUNTS.quarter,
        yearDiscountPercent: DEMO_PLAN_DISCOUNTS.year,
        state: 'active' as const,
        forInvitesOnly: false,
      })),
    );

    for (const id of seeded) await profiles.refreshCompletion(tx, id);

    // An invite to the 60-minute plan offers its free trial (never used yet) on /plans.
    const [starter] = await tx.select().from(plans).where(eq(plans.weeklyMinutes, 60)).limit(1);
    const admin = seeded[DEMO_STAFF.findIndex((staff) => staff.role === 'admin')];
    if (trialStudent !== undefined && starter) {
      await tx.insert(planInvites).values({ userId: trialStudent, planId: starter.id, createdBy: admin ?? null });
    }

    // The demo tutor has taught: fulfilled lessons of the last weeks, each credited as fulfilment credits it, so
    // /invoices shows a balance, a weekly chart and lessons behind it, and a withdrawal can be requested.
    const demoTutor = seeded[DEMO_STAFF.length];
    const learners = seeded.slice(DEMO_STAFF.length + DEMO_TUTORS.length);
    const taught =
      demoTutor === undefined || learners.length === 0
        ? []
        : await insertTaughtLessons(
            tx,
            Array.from({ length: DEMO_FULFILLED_LESSONS }, (_, i) => ({
              tutorId: demoTutor,
              studentId: learners[i % learners.length] ?? demoTutor,
              // Two lessons a week, 15:00 Cairo on two weekdays, going back from yesterday.
              startsAt: new Date(
                startOfCairoDay(now).getTime() -
                  (1 + Math.floor(i / 2) * 7 + (i % 2) * 3) * MS_PER_DAY +
                  15 * MS_PER_HOUR,
              ),
              durationMinutes: i % 4 === 3 ? 15 : 30,
            })),
          );

    // Learners (not the trial student, who has not started) reviewed most tutors after a lesson with them.
    const raters = learners.filter((_, i) => DEMO_STUDENTS[i]?.email !== DEMO_TRIAL_STUDENT_EMAIL);
    for (const [i, tutor] of DEMO_TUTORS.entries()) {
      const tutorId = seeded[DEMO_STAFF.length + i];
      const reviews = DEMO_REVIEWS[tutor.email] ?? [];
      if (tutorId !== undefined) await seedReviews(tx, { tutorId, slot: i, reviews, raters, taught, now });
    }

    // The demo student holds a month of the 120-minute plan, so a lesson can be booked right away.
    const demoStudent = seeded[DEMO_STAFF.findIndex((staff) => staff.role === 'student')];
    const [standard] = await tx.select().from(plans).where(eq(plans.weeklyMinutes, 120)).limit(1);
    if (demoStudent !== undefined && standard) {
      const weekAnchorAt = weekAnchorFor(now, PLATFORM_SETTINGS_DEFAULTS.weekRenewalHourCairo);
      await tx.insert(subscriptions).values({
        studentId: demoStudent,
        planId: standard.id,
        period: 'month',
        weeklyMinutes: standard.weeklyMinutes,
        pricePiastres: periodPricePiastres(standard, 'month'),
        startsAt: now,
        endsAt: subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.month),
        weekAnchorAt,
      });
    }

    // The demo student has written to two tutors, whose latest replies are still unread.
    for (const [n, [email, conversation]] of Object.entries(DEMO_CHATS).entries()) {
      const tutorId = seeded[DEMO_STAFF.length + DEMO_TUTORS.findIndex((tutor) => tutor.email === email)];
      if (demoStudent !== undefined && tutorId !== undefined)
        await seedConversation(tx, { studentId: demoStudent, tutorId, ...conversation, hoursAgo: 2 + n * 20, now });
    }
  });
  return signIns;
}
