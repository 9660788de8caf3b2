import type { RouteAuth } from '@darsak/domain/contract';
import { ERROR_STATUS, type ErrorCode } from '@darsak/domain/errors';
import { isTutorLike, ROLE_GROUPS, Role, type RoleName } from '@darsak/domain/users';
import type { TestApp } from '../build-test-app.ts';
import { validPassword } from '../factories.ts';
import { credit, requestWithdrawal, someMethodOf } from '../invoice-fixtures.ts';
import { insertLesson } from '../lesson-rows.ts';
import { insertAppointment, pendingIntroVideo } from '../onboarding-rows.ts';
import { fileReport, reportFieldsPart } from '../report-fixtures.ts';
import { type Actor, type ActorsByRole, createActor } from './actors.ts';
import { avatarPng, multipartRequest, type UploadPart } from './multipart.ts';
import { type Seeds, unique } from './seeds.ts';
import { introVideoPart } from './video.ts';

/** Who sends a request in the access matrix. */
export type Caller = 'anonymous' | 'revoked token' | RoleName;

/**
 * What a caller must get: through the access checks (any answer but `unauthenticated`/`forbidden`; a 401
 * `wrong-password` is a sign-in answer, not a refusal), or refused with this code and its status.
 */
export type Expected = { allowed: true } | { allowed: false; status: number; code: ErrorCode };

const ALLOWED: Expected = { allowed: true };
const refused = (code: ErrorCode): Expected => ({ allowed: false, status: ERROR_STATUS[code], code });
const UNAUTHENTICATED = refused('unauthenticated');
const FORBIDDEN = refused('forbidden');

/**
 * DESIGN §3/§4 as a rule over a contract's declared `auth`: public routes let everyone through, signed-in routes
 * refuse anonymous and revoked tokens with 401, role routes also refuse the other roles with 403.
 */
export function expectedByAuth(auth: RouteAuth, caller: Caller): Expected {
  if (auth === 'public') return ALLOWED;
  if (caller === 'anonymous' || caller === 'revoked token') return UNAUTHENTICATED;
  if (auth === 'signedIn' || auth.includes(caller)) return ALLOWED;
  return FORBIDDEN;
}

/** A valid request for a route: it passes validation, so only access rules decide the answer. */
export interface ExampleRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Files of a multipart upload, by field name. */
  files?: Record<string, UploadPart>;
}

export interface ExampleContext {
  t: TestApp;
  /** The caller; null when anonymous. */
  caller: Actor | null;
  /** The user whose object the request addresses: the caller itself, or another user in ownership checks. */
  target: Actor;
  /** Users who never call: owners of the objects in "another user's object" checks, one per role. */
  others: ActorsByRole;
  seed: Seeds;
}

/** "Another user's object": the request addresses an object of a user with role `owner`, not the caller's own. */
export interface OwnershipCase {
  owner: RoleName;
  /** Roles that reach another user's object; every other role is refused. */
  reachedBy: readonly RoleName[];
  /** The refusal, when not 403 `forbidden` (a chat room answers `not-room-member`). */
  code?: ErrorCode;
  /**
   * Callers for whom the code disagrees with DESIGN §4 and the fix belongs to the module: their cells are
   * expected to fail (it.fails) until the module is fixed, then the mark must go.
   */
  knownGap?: { callers: readonly RoleName[]; reason: string };
}

export interface RoutePolicy {
  /** A valid request; routes whose inputs are all optional may leave it out. */
  example?: (ctx: ExampleContext) => ExampleRequest | Promise<ExampleRequest>;
  /** Required for routes with path parameters: the "another user's object" checks, or [] when not user-owned. */
  ownership?: readonly OwnershipCase[];
  /** Instead of `ownership`, while the owned object cannot be seeded yet: why (printed with the matrix). */
  ownershipPending?: string;
  /** The call signs the caller out, so the matrix signs it in again afterwards. */
  endsSession?: true;
  /** Roles the contract lets in that a business rule refuses in the example's situation, and why. */
  refusedByRule?: { callers: readonly RoleName[]; code: ErrorCode; reason: string };
}

const ownId = ({ target }: ExampleContext) => ({ params: { id: target.id } });
const someCode = '12345';

/** A lesson start on the 15-minute grid, tomorrow at 10:00 UTC. */
function tomorrowAtTen(): string {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(10, 0, 0, 0);
  return start.toISOString();
}

/**
 * One lesson starting in five minutes (its call open) per member; staff get one between two new people. Booked an
 * hour ago, past the late-booking cancel grace: cancelling or moving it is refused, so it stays for the call rows.
 */
const lessonsByMember = new Map<number, Promise<{ lessonId: number; member: Actor }>>();
function lessonOf(t: TestApp, member: Actor) {
  let lesson = lessonsByMember.get(member.id);
  if (!lesson) {
    lesson = (async () => {
      const isTutor = member.role === 'tutor' || member.role === 'tutorManager';
      const tutor = isTutor ? member : await createActor(t, 'tutor');
      const student = member.role === 'student' ? member : await createActor(t, 'student');
      const now = t.clock.now().getTime();
      const startsAt = new Date(now + 5 * 60_000);
      const bookedAt = new Date(now - 60 * 60_000);
      const row = await insertLesson(t, { tutorId: tutor.id, studentId: student.id, startsAt, bookedAt });
      return { lessonId: row.id, member: isTutor || member.role === 'student' ? member : student };
    })();
    lessonsByMember.set(member.id, lesson);
  }
  return lesson;
}

/** A lesson held an hour ago between the member (or, for staff, a new student) and a new tutor. */
async function heldLessonOf(t: TestApp, member: Actor): Promise<number> {
  const student = member.role === 'student' ? member : await createActor(t, 'student');
  const tutor = await createActor(t, 'tutor');
  const startsAt = new Date(t.clock.now().getTime() - 60 * 60_000);
  return (await insertLesson(t, { tutorId: tutor.id, studentId: student.id, startsAt, status: 'fulfilled' })).id;
}

/** A rating by a student (a new one for staff) of the tutor of a fulfilled lesson, given through the API. */
async function ratingOf(t: TestApp, user: Actor): Promise<number> {
  const student = user.role === 'student' ? user : await createActor(t, 'student');
  const tutor = await createActor(t, 'tutor');
  const startsAt = new Date(t.clock.now().getTime() - 60 * 60_000);
  const lesson = await insertLesson(t, { tutorId: tutor.id, studentId: student.id, startsAt, status: 'fulfilled' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/rating/',
    payload: { lessonId: lesson.id, value: 5 },
    headers: { authorization: `Bearer ${student.token}` },
  });
  if (response.statusCode !== 201) throw new Error(`rating failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** The secret of a user's calendar feed, from the link the API gives them. */
async function calendarTokenOf(t: TestApp, user: Actor): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/lesson/calendar/link',
    headers: { authorization: `Bearer ${user.token}` },
  });
  const match = /\/calendar\/([^/]+)\.ics$/.exec((response.json() as { url?: string }).url ?? '');
  if (!match?.[1]) throw new Error(`calendar link failed: ${response.statusCode} ${response.body}`);
  return match[1];
}

/** The call of that lesson, opened by one of its members. */
async function callOf(t: TestApp, member: Actor): Promise<number> {
  const { lessonId, member: joiner } = await lessonOf(t, member);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/session/token?lessonId=${lessonId}`,
    headers: { authorization: `Bearer ${joiner.token}` },
  });
  if (response.statusCode !== 200) throw new Error(`opening a call failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { sessionId: number }).sessionId;
}

/**
 * A month of a plan bought by a student through the local gateway simulator (a cash reference paid at its
 * "kiosk"): the transaction and the subscription it started. One per student; staff get a new student's.
 */
const purchasesByStudent = new Map<number, Promise<{ transactionId: number; subscriptionId: number }>>();
function purchaseOf(t: TestApp, student: Actor, admin: Actor) {
  let purchase = purchasesByStudent.get(student.id);
  if (!purchase) {
    purchase = (async () => {
      const as = async (actor: Actor, url: string, payload: object) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { authorization: `Bearer ${actor.token}` },
        });
        if (response.statusCode !== 201) throw new Error(`${url} failed: ${response.statusCode} ${response.body}`);
        return response.json();
      };
      const plan = await as(admin, '/api/v1/plan', { weeklyMinutes: 60, baseMonthPricePiastres: 50_000 });
      const { transaction } = await as(student, '/api/v1/fawry/pay/ref-num', {
        planId: plan.id,
        period: 'month',
        idempotencyKey: `access-matrix-${student.id}`,
      });
      await t.app.inject({
        method: 'POST',
        url: `/dev/gateway/pay/${transaction.merchantRefNum}`,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/v1/sub/user',
        headers: { authorization: `Bearer ${student.token}` },
      });
      const subscriptionId = (current.json() as { id: number }).id;
      if (subscriptionId < 0) throw new Error(`buying a plan failed: ${current.body}`);
      return { transactionId: transaction.id as number, subscriptionId };
    })();
    purchasesByStudent.set(student.id, purchase);
  }
  return purchase;
}

/**
 * One pending interview and demo session tomorrow per member: its applicant when a tutor, its manager when a
 * tutor manager; anyone else's are between two new people.
 */
const appointmentsByMember = new Map<string, Promise<number>>();
function appointmentOf(t: TestApp, kind: 'interview' | 'demoSession', member: Actor) {
  const key = `${kind}:${member.id}`;
  let id = appointmentsByMember.get(key);
  if (!id) {
    id = (async () => {
      const applicant = member.role === 'tutor' ? member : await createActor(t, 'tutor');
      const manager = member.role === 'tutorManager' ? member : await createActor(t, 'tutorManager');
      return insertAppointment(t, kind, {
        applicantId: applicant.id,
        managerId: manager.id,
        startsAt: tomorrowAtTen(),
      });
    })();
    appointmentsByMember.set(key, id);
  }
  return id;
}
const appointmentOwnership = [{ owner: 'tutor', reachedBy: ROLE_GROUPS.admins }] as const;

/** The student whose purchase a request addresses: the target when a student, else another student. */
const buyerOf = ({ target, others }: ExampleContext) => (target.role === 'student' ? target : others.student);

/** A pending 100 EGP withdrawal of a tutor-like user, on a fresh credit and Instapay method (admins: another tutor's). */
async function invoiceOf(t: TestApp, ctx: ExampleContext): Promise<{ id: number; ownerId: number }> {
  const tutor = isTutorLike(Role[ctx.target.role]) ? ctx.target : ctx.others.tutor;
  await credit(t, tutor.id, 100);
  const method = await someMethodOf(t, tutor);
  const invoice = await requestWithdrawal(t, tutor, method.id, 100);
  return { id: invoice.id, ownerId: tutor.id };
}

/** The caller's own saved method (a tutor-like target), or one of another tutor's for anyone else. */
async function methodOf(ctx: ExampleContext): Promise<number> {
  const tutor = isTutorLike(Role[ctx.target.role]) ? ctx.target : ctx.others.tutor;
  return (await someMethodOf(ctx.t, tutor)).id;
}

/** The stored name of a receipt of the target's fulfilled withdrawal (staff: another tutor's). */
async function receiptOf(ctx: ExampleContext): Promise<string> {
  const { id } = await invoiceOf(ctx.t, ctx);
  const { payload, headers } = multipartRequest({ receipt: await avatarPng() });
  const response = await ctx.t.app.inject({
    method: 'PUT',
    url: `/api/v1/invoice/${id}/with/asset`,
    payload,
    headers: { ...headers, authorization: `Bearer ${ctx.others.superAdmin.token}` },
  });
  const url = (response.json() as { receiptUrl?: string }).receiptUrl;
  if (!url) throw new Error(`fulfilling a withdrawal failed: ${response.statusCode} ${response.body}`);
  return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
}

/** Per-route examples and ownership, keyed by `METHOD /path` as in the contracts. */
export const ACCESS_POLICY: Record<string, RoutePolicy> = {
  // auth
  'POST /api/v1/auth/password': {
    example: ({ target }) => ({ body: { email: target.email, password: validPassword } }),
  },
  'POST /api/v1/auth/google': {
    example: async ({ t }) => {
      const email = unique.email();
      return { body: { credential: await t.google.issue({ sub: email, email, name: 'Gina Adel' }) } };
    },
  },
  'POST /api/v1/auth/logout': { endsSession: true },
  // The same password again: the caller keeps signing in with it, and only its other sessions end.
  'POST /api/v1/auth/change-password': {
    example: () => ({ body: { currentPassword: validPassword, newPassword: validPassword } }),
  },

  // users
  'POST /api/v1/user/': {
    example: () => ({ body: { role: 'student', name: 'Sara Ali', email: unique.email(), password: validPassword } }),
  },
  'GET /api/v1/user/:id': {
    example: ownId,
    // Staff read any user: tutor managers interview applicants, studio works on tutors' media.
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.staff }],
  },
  'PUT /api/v1/user/:id': {
    example: (ctx) => ({ ...ownId(ctx), body: { job: 'Engineer' } }),
    ownership: [
      { owner: 'student', reachedBy: ROLE_GROUPS.admins },
      {
        owner: 'admin',
        reachedBy: ['superAdmin'],
      },
    ],
  },
  'GET /api/v1/user/:id/account': {
    example: ownId,
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  // The default window again: nothing changes, whoever is let through.
  'PATCH /api/v1/platform-settings': { example: () => ({ body: { cancellationWindowHours: 6 } }) },
  // Enabling an enabled account changes nothing (one's own answers own-account); the matrix never disables anyone.
  'PUT /api/v1/user/:id/status': {
    example: (ctx) => ({ ...ownId(ctx), body: { disabled: false, reason: 'access matrix check' } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  // The people of the matrix have no phone: phone-required, nothing changes.
  'POST /api/v1/user/:id/verified': {
    example: (ctx) => ({ ...ownId(ctx), body: { contact: 'phone', reason: 'access matrix check' } }),
    ownership: [
      { owner: 'student', reachedBy: ROLE_GROUPS.admins },
      { owner: 'admin', reachedBy: ['superAdmin'] },
    ],
  },
  // The role the student has already: nothing changes.
  'PUT /api/v1/user/:id/role': {
    example: (ctx) => ({ ...ownId(ctx), body: { role: 4, reason: 'access matrix check' } }),
    ownership: [{ owner: 'student', reachedBy: ['superAdmin'] }],
  },
  'PUT /api/v1/user/asset': {
    example: async ({ caller, target }) => ({
      query: caller && caller.id !== target.id ? { forUser: target.id } : undefined,
      files: { image: await avatarPng() },
    }),
    // forUser: DESIGN §4 gives tutor media to the studio and admins.
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.studioStaff }],
  },
  'PUT /api/v1/user/asset/tutor': {
    example: async ({ others }) => ({ query: { tutorId: others.tutor.id }, files: { image: await avatarPng() } }),
  },

  // tutor onboarding: intro videos are reviewed by any manager; an appointment is its two members' (and admins')
  'POST /api/v1/intro-video/with/asset': { example: () => ({ files: { video: introVideoPart(90) } }) },
  // Direct uploads to object storage (404 route-not-found on the disk driver the matrix runs on: still allowed).
  'POST /api/v1/intro-video/upload-url': { example: () => ({ body: { contentType: 'video/webm', sizeBytes: 1000 } }) },
  'POST /api/v1/intro-video/with/key': {
    example: ({ caller }) => ({ body: { key: `${caller?.id ?? 0}-${'0'.repeat(32)}.webm` } }),
  },
  'PUT /api/v1/intro-video/:id': {
    example: async ({ t }) => ({ params: { id: await pendingIntroVideo(t) }, body: { status: 'accepted' } }),
    ownership: [],
  },
  'POST /api/v1/interview': {
    example: ({ others }) => ({ body: { managerId: others.tutorManager.id, startsAt: tomorrowAtTen() } }),
  },
  'PATCH /api/v1/interview': {
    example: async ({ t, target }) => ({ body: { id: await appointmentOf(t, 'interview', target), action: 'cancel' } }),
  },
  'GET /api/v1/interview/:id': {
    example: async ({ t, target }) => ({ params: { id: await appointmentOf(t, 'interview', target) } }),
    ownership: appointmentOwnership,
  },
  'POST /api/v1/demo-session': {
    example: ({ others }) => ({ body: { managerId: others.tutorManager.id, startsAt: tomorrowAtTen() } }),
  },
  'PATCH /api/v1/demo-session': {
    example: async ({ t, target }) => ({
      body: { id: await appointmentOf(t, 'demoSession', target), action: 'cancel' },
    }),
  },
  'GET /api/v1/demo-session/:id': {
    example: async ({ t, target }) => ({ params: { id: await appointmentOf(t, 'demoSession', target) } }),
    ownership: appointmentOwnership,
  },
  // The studio's and admins' work on tutors: staff objects, reached by role.
  'GET /api/v1/user/tutor/:tutorId/for/studio': {
    example: ({ others }) => ({ params: { tutorId: others.tutor.id } }),
    ownership: [],
  },
  'POST /api/v1/photo-session/:tutorId/done': {
    example: ({ others }) => ({ params: { tutorId: others.tutor.id } }),
    ownership: [],
  },
  'PATCH /api/v1/user/tutor/:tutorId/activation': {
    example: ({ others }) => ({ params: { tutorId: others.tutor.id }, body: { activated: false } }),
    ownership: [],
  },
  // Staff tutor pages (admins): the matrix's tutor is never activated, so nothing changes.
  'GET /api/v1/user/tutor/:tutorId/staff': {
    example: ({ others }) => ({ params: { tutorId: others.tutor.id } }),
    ownership: [],
  },
  'PATCH /api/v1/user/tutor/:tutorId/terms': {
    example: ({ others }) => ({
      params: { tutorId: others.tutor.id },
      body: { noticePeriodMinutes: 30, reason: 'access matrix check' },
    }),
    ownership: [],
  },
  'PUT /api/v1/user/tutor/:tutorId/activated': {
    example: ({ others }) => ({
      params: { tutorId: others.tutor.id },
      body: { activated: false, reason: 'access matrix check' },
    }),
    ownership: [],
  },

  // students
  'POST /api/v1/student/': { example: () => ({ body: { englishLevel: 3, goal: null } }) },
  'PATCH /api/v1/student/': { example: () => ({ body: { goal: 'Speak at work' } }) },
  'GET /api/v1/student/:id': {
    example: ownId,
    // Tutors read their learners; the studio only works on tutors' media.
    ownership: [{ owner: 'student', reachedBy: ['superAdmin', 'admin', 'tutorManager', 'tutor'] }],
  },

  // topics: shared objects, not owned by users
  'POST /api/v1/topic/': { example: () => ({ body: unique.topicNames() }) },
  'PUT /api/v1/topic/:id': {
    example: async ({ seed }) => ({ params: { id: await seed.topic() }, body: unique.topicNames() }),
    ownership: [],
  },
  'DELETE /api/v1/topic/:id': { example: async ({ seed }) => ({ params: { id: await seed.topic() } }), ownership: [] },
  'POST /api/v1/topic/of/user': { example: async ({ seed }) => ({ body: { topicId: await seed.topic() } }) },
  'PATCH /api/v1/topic/of/user': { example: async ({ seed }) => ({ body: { topicIds: [await seed.topic()] } }) },
  'DELETE /api/v1/topic/of/user': { example: async ({ seed }) => ({ query: { topicId: await seed.topic() } }) },

  // files
  'GET /assets/uploads/:name': {
    example: async ({ seed }) => ({ params: { name: await seed.upload() } }),
    ownership: [],
  },
  // A withdrawal receipt: its tutor and admins only (a caller without receipts of their own reads a missing one).
  'GET /assets/receipts/:name': {
    example: async (ctx) => ({
      params: { name: isTutorLike(Role[ctx.target.role]) ? await receiptOf(ctx) : 'receipt.png' },
    }),
    ownership: [{ owner: 'tutor', reachedBy: ROLE_GROUPS.admins }],
  },

  // invoices: a withdrawal is its tutor's; admins process any
  'POST /api/v1/invoice': {
    example: async (ctx) => {
      if (isTutorLike(Role[ctx.target.role])) await credit(ctx.t, ctx.target.id, 100);
      return { body: { amount: 100, withdrawMethodId: await methodOf(ctx) } };
    },
  },
  'GET /api/v1/invoice/stats/:id': {
    example: ownId,
    ownership: [{ owner: 'tutor', reachedBy: ROLE_GROUPS.admins }],
  },
  'PATCH /api/v1/invoice/:id': {
    example: async (ctx) => ({ params: { id: (await invoiceOf(ctx.t, ctx)).id }, body: { amount: 100 } }),
    ownership: [{ owner: 'tutor', reachedBy: [] }],
  },
  'POST /api/v1/invoice/:id/cancel': {
    example: async (ctx) => ({ params: { id: (await invoiceOf(ctx.t, ctx)).id } }),
    ownership: [{ owner: 'tutor', reachedBy: [] }],
  },
  'POST /api/v1/invoice/:id/action': {
    example: async (ctx) => ({ params: { id: (await invoiceOf(ctx.t, ctx)).id }, body: { action: 'adminCancel' } }),
    ownership: [],
  },
  'PUT /api/v1/invoice/:id/with/asset': {
    example: async (ctx) => ({
      params: { id: (await invoiceOf(ctx.t, ctx)).id },
      files: { receipt: await avatarPng() },
    }),
    ownership: [],
  },
  'PUT /api/v1/invoice/:id/note': {
    example: async (ctx) => ({ params: { id: (await invoiceOf(ctx.t, ctx)).id }, body: { note: 'حُوّل يوم الأحد' } }),
    ownership: [],
  },
  'POST /api/v1/withdraw-method': { example: () => ({ body: { method: 2, instapayAddress: 'someone@instapay' } }) },
  'PUT /api/v1/withdraw-method/:id': {
    example: async (ctx) => ({
      params: { id: await methodOf(ctx) },
      body: { method: 0, phone: '01012345678' },
    }),
    ownership: [{ owner: 'tutor', reachedBy: [], code: 'withdraw-method-not-found' }],
  },
  'DELETE /api/v1/withdraw-method/:id': {
    example: async (ctx) => ({ params: { id: await methodOf(ctx) } }),
    ownership: [{ owner: 'tutor', reachedBy: [], code: 'withdraw-method-not-found' }],
  },

  // chat: rooms are their members' alone, whatever the caller's role
  'POST /api/v1/chat/new': {
    example: ({ caller, others }) => ({
      body: { userId: caller?.role === 'student' ? others.tutor.id : others.student.id, message: 'مرحبا' },
    }),
    refusedByRule: {
      callers: ['tutor'],
      code: 'forbidden',
      reason: 'a tutor writes first only to students of their lessons, and no lesson is seeded here',
    },
  },
  'GET /api/v1/chat/list/:roomId/messages': {
    example: async ({ seed, target }) => ({ params: { roomId: await seed.room(target) } }),
    ownership: [{ owner: 'student', reachedBy: [], code: 'not-room-member' }],
  },
  'GET /api/v1/chat/list/rooms/:userId': {
    example: ({ target }) => ({ params: { userId: target.id } }),
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  'GET /api/v1/chat/staff/rooms/:userId': {
    example: ({ target }) => ({ params: { userId: target.id } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  'GET /api/v1/chat/room/by/members': {
    example: async ({ seed, target, others }) => {
      await seed.room(target);
      return { query: { members: `${others.superAdmin.id},${target.id}` } };
    },
    ownership: [{ owner: 'student', reachedBy: [], code: 'not-room-member' }],
  },
  'GET /api/v1/chat/room/members/:roomId': {
    example: async ({ seed, target }) => ({ params: { roomId: await seed.room(target) } }),
    ownership: [{ owner: 'student', reachedBy: [], code: 'not-room-member' }],
  },
  'PUT /api/v1/chat/room/:roomId': {
    example: async ({ seed, target }) => ({ params: { roomId: await seed.room(target) }, body: { pinned: true } }),
    ownership: [{ owner: 'student', reachedBy: [], code: 'not-room-member' }],
  },

  // sessions: a lesson's call is its two members' (and readable by admins)
  'GET /api/v1/session/token': {
    example: async ({ t, target }) => ({ query: { lessonId: (await lessonOf(t, target)).lessonId } }),
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  'GET /api/v1/session/:id': {
    example: async ({ t, target }) => ({ params: { id: await callOf(t, target) } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },

  // plans, invites and coupons: the catalogue, managed by admins, owned by no user
  'POST /api/v1/coupon': { example: () => ({ body: { code: unique.couponCode(), discountPercent: 10 } }) },
  'PUT /api/v1/coupon/:id': {
    example: () => ({ params: { id: 1 }, body: { code: unique.couponCode(), discountPercent: 10 } }),
    ownership: [],
  },
  'GET /api/v1/coupon/:id': { ownership: [] },
  'DELETE /api/v1/coupon/:id': { ownership: [] },
  'GET /api/v1/coupon/code/:code': { ownership: [] },
  'GET /api/v1/plan/:id': { ownership: [] },
  'PATCH /api/v1/plan/:id': { ownership: [] },
  'DELETE /api/v1/plan/:id': { ownership: [] },
  'DELETE /api/v1/plan-invite/:id': { ownership: [] },

  // invites: admins manage them, owned by no user; the link's token is its secret (anyone holding it may use it)
  'POST /api/v1/invite': { example: () => ({ body: { email: unique.email(), role: 5 } }) },
  'GET /api/v1/invite/:id': { example: async ({ seed }) => ({ params: { id: await seed.invite() } }), ownership: [] },
  'PUT /api/v1/invite/:id': {
    example: async ({ seed }) => ({ params: { id: await seed.invite() }, body: { name: 'Sara Ali' } }),
    ownership: [],
  },
  'DELETE /api/v1/invite/:id': {
    example: async ({ seed }) => ({ params: { id: await seed.invite() } }),
    ownership: [],
  },
  'GET /api/v1/invite/token/:token': { example: () => ({ params: { token: 'x'.repeat(43) } }), ownership: [] },
  'POST /api/v1/invite/token/:token': {
    example: () => ({ params: { token: 'x'.repeat(43) }, body: { name: 'Sara Ali', password: validPassword } }),
    ownership: [],
  },

  // lessons: a lesson is its student's and tutor's; admins read any
  'POST /api/v1/lesson/': {
    example: ({ others }) => ({ body: { tutorId: others.tutor.id, startsAt: tomorrowAtTen(), durationMinutes: 30 } }),
  },
  'PATCH /api/v1/lesson/': {
    example: async ({ t, target }) => ({
      body: { id: (await lessonOf(t, target)).lessonId, startsAt: tomorrowAtTen(), durationMinutes: 30 },
    }),
    // Another's lesson is refused before any booking rule; the caller's own meets the rules (unverified here).
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  // The feed's token is its secret: whoever holds it reads that user's lessons.
  'GET /api/v1/lesson/calendar/:token.ics': {
    example: async ({ t, others }) => ({ params: { token: await calendarTokenOf(t, others.student) } }),
    ownership: [],
  },
  'GET /api/v1/lesson/:id': {
    example: async ({ t, target }) => ({ params: { id: (await lessonOf(t, target)).lessonId } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
    refusedByRule: {
      callers: ['studio'],
      code: 'forbidden',
      reason: "the studio has no lessons of its own and reads no one else's",
    },
  },
  // The lesson starts in five minutes: its members are refused by the cancellation window, nothing changes.
  'DELETE /api/v1/lesson/:id': {
    example: async ({ t, target }) => ({ params: { id: (await lessonOf(t, target)).lessonId } }),
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  'POST /api/v1/lesson/:id/tutor-did-not-attend': {
    example: async ({ t, target }) => ({ params: { id: (await lessonOf(t, target)).lessonId } }),
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  // staff lessons: admins read and cancel any lesson; a held lesson is past cancelling (illegal, nothing changes)
  'GET /api/v1/lesson/:id/record': {
    example: async ({ t, target }) => ({ params: { id: (await lessonOf(t, target)).lessonId } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  'POST /api/v1/lesson/:id/staff-cancel': {
    example: async ({ t, target }) => ({
      params: { id: await heldLessonOf(t, target) },
      body: { reason: 'access matrix check' },
    }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },

  // reports: everyone files and reads their own; admins read and move all (DESIGN §4)
  'POST /api/v1/report/with/asset': {
    example: async () => ({
      files: {
        report: reportFieldsPart({ title: 'مشكلة', description: 'وصف المشكلة' }),
        screenshot: await avatarPng(),
      },
    }),
  },
  'GET /api/v1/report/:id': {
    example: async ({ t, target }) => ({ params: { id: (await fileReport(t, target)).id } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  'PUT /api/v1/report/:id': {
    example: async ({ t, target }) => ({
      params: { id: (await fileReport(t, target)).id },
      body: { status: 'resolved', note: 'أصلحناها' },
    }),
    ownership: [],
  },

  // ratings: lists by person are their own and admins'; one rating is its author's
  'GET /api/v1/rating/:id': { ownership: [] },
  'PUT /api/v1/rating/:id': {
    example: async ({ t, target }) => ({ params: { id: await ratingOf(t, target) }, body: { value: 4 } }),
    ownership: [{ owner: 'student', reachedBy: [] }],
  },
  'DELETE /api/v1/rating/:id': {
    example: async ({ t, target }) => ({ params: { id: await ratingOf(t, target) } }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  'GET /api/v1/rating/list/rater/:id': {
    example: ownId,
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  'GET /api/v1/rating/list/ratee/:id': {
    example: ownId,
    ownership: [{ owner: 'tutor', reachedBy: ROLE_GROUPS.admins }],
  },
  'GET /api/v1/rating/list/tutor/:id': { ownership: [] },

  // subscriptions and payments: the buyer's and admins'
  'GET /api/v1/sub/:id': {
    example: async (ctx) => ({
      params: { id: (await purchaseOf(ctx.t, buyerOf(ctx), ctx.others.superAdmin)).subscriptionId },
    }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  // staff end a student's pause: a staff action on her subscription, reached by role (the matrix's has no pause)
  'PATCH /api/v1/sub/:id/pause/end': {
    example: async (ctx) => ({
      params: { id: (await purchaseOf(ctx.t, buyerOf(ctx), ctx.others.superAdmin)).subscriptionId },
      body: { reason: 'access matrix check' },
    }),
    ownership: [],
  },
  'GET /api/v1/tx/:id': {
    example: async (ctx) => ({
      params: { id: (await purchaseOf(ctx.t, buyerOf(ctx), ctx.others.superAdmin)).transactionId },
    }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },
  // a paid payment's receipt (PDF): its buyer's and staff's
  'GET /api/v1/tx/:id/receipt': {
    example: async (ctx) => ({
      params: { id: (await purchaseOf(ctx.t, buyerOf(ctx), ctx.others.superAdmin)).transactionId },
      query: { lang: 'en' },
    }),
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },

  // tutors: public profiles; stats and activity are the person's own, admins' and (tutors) tutor managers'
  'GET /api/v1/user/tutor/info/:id': { ownership: [] },
  'GET /api/v1/user/tutor/stats/:id': {
    example: ownId,
    ownership: [{ owner: 'tutor', reachedBy: ['superAdmin', 'admin', 'tutorManager'] }],
  },
  'GET /api/v1/user/tutor/activity/:id': {
    example: ownId,
    ownership: [{ owner: 'tutor', reachedBy: ['superAdmin', 'admin', 'tutorManager'] }],
  },
  'GET /api/v1/user/student/stats/:id': {
    example: ownId,
    ownership: [{ owner: 'student', reachedBy: ROLE_GROUPS.admins }],
  },

  // contact requests: the site's public form
  'POST /api/v1/contact-request/': {
    example: () => ({ body: { title: 'سؤال عن الباقات', message: 'هل يمكن تغيير الباقة في منتصف الشهر؟' } }),
  },

  // verification
  'POST /api/v1/confirmation-code/phone/send': { example: () => ({ body: {} }) },
  'POST /api/v1/confirmation-code/phone/verify': { example: () => ({ body: { code: someCode } }) },
  'POST /api/v1/confirmation-code/email/send': { example: () => ({ body: {} }) },
  'POST /api/v1/confirmation-code/email/confirm': { example: () => ({ body: { code: someCode } }) },
  'POST /api/v1/confirmation-code/email/change': {
    example: () => ({ body: { email: unique.email(), currentPassword: validPassword } }),
  },
  'POST /api/v1/confirmation-code/email/change/confirm': { example: () => ({ body: { code: someCode } }) },
  'POST /api/v1/confirmation-code/phone/change': {
    example: () => ({ body: { phone: '01098765432', currentPassword: validPassword } }),
  },
  'POST /api/v1/confirmation-code/phone/change/confirm': { example: () => ({ body: { code: someCode } }) },
  'POST /api/v1/confirmation-code/password/send': { example: ({ target }) => ({ body: { email: target.email } }) },
  'POST /api/v1/confirmation-code/password/check': {
    example: ({ target }) => ({ body: { email: target.email, code: someCode } }),
  },
  'POST /api/v1/confirmation-code/password/confirm': {
    example: ({ target }) => ({ body: { email: target.email, code: someCode, password: validPassword } }),
  },

  // Telegram linking: the user's own chat; the webhook is Telegram's (its secret header refuses anyone else)
  'POST /api/v1/user/telegram/link': { example: () => ({ body: {} }) },
  'POST /api/v1/telegram/webhook': { example: () => ({ body: { update_id: 1 } }) },
};

/** The expected answer to the route's own example: the auth rule, unless a business rule refuses the caller. */
export function expectedFor(auth: RouteAuth, policy: RoutePolicy | undefined, caller: Caller): Expected {
  const byAuth = expectedByAuth(auth, caller);
  const rule = policy?.refusedByRule;
  return byAuth.allowed && rule?.callers.includes(caller as RoleName) ? refused(rule.code) : byAuth;
}

/** The expected answer when a caller addresses another user's object. */
export function expectedForOther(ownership: OwnershipCase, caller: RoleName): Expected {
  return ownership.reachedBy.includes(caller) ? ALLOWED : refused(ownership.code ?? 'forbidden');
}
