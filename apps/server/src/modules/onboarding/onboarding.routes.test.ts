import type { Interview, Onboarding } from '@darsak/domain/interviews';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng, multipartRequest } from '../../../test/harness/multipart.ts';
import { quickTimeBytes, quickTimePart } from '../../../test/harness/quicktime.ts';
import { introVideoPart } from '../../../test/harness/video.ts';
import {
  applicantReadyForInterview,
  createApplicant,
  createInterviewer,
  uploadIntroVideo,
} from '../../../test/onboarding-fixtures.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { assets } from '../assets/assets.table.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { tutors } from '../users/users.table.ts';
import { ONBOARDING_JOBS } from './onboarding.records.ts';
import { interviews } from './onboarding.table.ts';

const NOW = '2025-01-06T07:00:00Z'; // Monday 09:00 Cairo
const TOMORROW_10 = '2025-01-07T10:00:00.000Z';

let t: TestApp;
let admin: Actor;
let manager: Actor;
let studio: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
  studio = await createActor(t, 'studio');
  manager = await createInterviewer(t, ALL_WEEK);
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });
const statusOf = async (applicant: Actor) =>
  (await call(applicant, 'GET', '/api/v1/user/tutor/onboarding')).json() as Onboarding;
const stateOf = async (applicant: Actor) => (await statusOf(applicant)).steps.map((s) => `${s.step}:${s.state}`);
const assetCount = async () => (await t.database.db.select({ n: count() }).from(assets))[0]?.n;
const bookInterview = (applicant: Actor, startsAt = TOMORROW_10, managerId = manager.id) =>
  call(applicant, 'POST', '/api/v1/interview', { managerId, startsAt });
const decide = (actor: Actor, id: number, outcome: 'passed' | 'rejected', level = 4) =>
  call(actor, 'PATCH', '/api/v1/interview', { id, action: 'decide', outcome, feedback: 'نطق واضح', level });

describe('intro video', () => {
  it('opens only after the profile, and reads the length from the file: refusals store nothing', async () => {
    const incomplete = await createApplicant(t, { profileComplete: false });
    expect(await stateOf(incomplete)).toEqual([
      'profile:todo',
      'introVideo:locked',
      'interview:locked',
      'demoSession:locked',
      'photoSession:locked',
      'activated:locked',
    ]);
    expect((await uploadIntroVideo(t, incomplete, 90)).json().code).toBe('onboarding-step-locked');

    const applicant = await createApplicant(t);
    const before = await assetCount();
    const short = await uploadIntroVideo(t, applicant, 59);
    expect([short.statusCode, short.json().code]).toEqual([422, 'short-video-dur']);
    expect(short.json().message).toMatch(/[\u0600-\u06FF]/);
    const long = await uploadIntroVideo(t, applicant, 181);
    expect([long.statusCode, long.json().code]).toEqual([422, 'long-video-dur']);
    const notVideo = await injectAs(t.app, applicant.token, {
      method: 'POST',
      url: '/api/v1/intro-video/with/asset',
      ...multipartRequest({ video: { ...(await avatarPng()), filename: 'intro.mp4', contentType: 'video/mp4' } }),
    });
    expect([notVideo.statusCode, notVideo.json().code]).toEqual([415, 'unsupported-file-type']);
    expect(await assetCount()).toBe(before);
    expect(await stateOf(applicant)).toContain('introVideo:todo');

    const sent = await uploadIntroVideo(t, applicant, 90);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', durationSeconds: 90, mimeType: 'video/webm' });
    expect((await uploadIntroVideo(t, applicant, 100)).json().code).toBe('intro-video-exists');
    expect(await stateOf(applicant)).toContain('introVideo:waiting');

    // Served with range requests, so the reviewer's player can seek.
    const ranged = await t.app.inject({ method: 'GET', url: sent.json().url, headers: { range: 'bytes=0-99' } });
    expect([ranged.statusCode, ranged.headers['content-range']]).toEqual([
      206,
      `bytes 0-99/${ranged.headers['content-range']?.toString().split('/')[1]}`,
    ]);
    expect(ranged.rawPayload).toHaveLength(100);
  });

  const sendForm = (applicant: Actor, parts: Parameters<typeof multipartRequest>[0]) =>
    injectAs(t.app, applicant.token, {
      method: 'POST',
      url: '/api/v1/intro-video/with/asset',
      ...multipartRequest(parts),
    });

  it('measures the length from the packets: a header claiming 90 s over 8 s of them is too short, storing nothing', async () => {
    const applicant = await createApplicant(t);
    const before = await assetCount();
    const webm = await sendForm(applicant, { video: introVideoPart(8, 4096, 90) });
    expect([webm.statusCode, webm.json().code, webm.json().details]).toEqual([422, 'short-video-dur', { seconds: 8 }]);
    const mov = await sendForm(applicant, {
      video: { ...quickTimePart(8), data: quickTimeBytes(8, { claimedSeconds: 90 }) },
    });
    expect([mov.statusCode, mov.json().code, mov.json().details]).toEqual([422, 'short-video-dur', { seconds: 8 }]);
    expect(await assetCount()).toBe(before);
    expect((await sendForm(applicant, { video: introVideoPart(70, 4096, 200) })).json()).toMatchObject({
      status: 'pending',
      durationSeconds: 70,
    });
  });

  it("accepts the spec's `duration` text part and ignores it; any other text part is refused by name", async () => {
    const applicant = await createApplicant(t);
    const other = await sendForm(applicant, { title: 'مقدمة', video: introVideoPart(90) });
    expect([other.statusCode, other.json().code, other.json().details]).toEqual([
      400,
      'bad-request',
      { fields: { title: 'invalid' } },
    ]);
    // Before the file or after it, what the client states is not what is recorded.
    const sent = await sendForm(applicant, { duration: '150', video: introVideoPart(90) });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', durationSeconds: 90 });
    const after = await sendForm(await createApplicant(t), { video: introVideoPart(75), duration: '75' });
    expect([after.statusCode, after.json().durationSeconds]).toEqual([201, 75]);
  });

  it("takes an iPhone's H.264 .mov, and refuses an HEVC one with what to do, storing nothing", async () => {
    const send = (applicant: Actor, videoFormat: string) =>
      injectAs(t.app, applicant.token, {
        method: 'POST',
        url: '/api/v1/intro-video/with/asset',
        ...multipartRequest({ video: quickTimePart(90, videoFormat) }),
      });
    const applicant = await createApplicant(t);
    const before = await assetCount();
    const hevc = await send(applicant, 'hvc1');
    expect([hevc.statusCode, hevc.json().code]).toEqual([422, 'unplayable-video']);
    expect(hevc.json().message).toContain('H.264');
    expect(await assetCount()).toBe(before);

    const sent = await send(applicant, 'avc1');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', durationSeconds: 90, mimeType: 'video/quicktime' });
    expect(sent.json().url).toMatch(/\.mov$/);
  });

  it('is reviewed by managers and admins only; a rejection tells when to send again', async () => {
    const applicant = await createApplicant(t);
    const { id } = (await uploadIntroVideo(t, applicant, 120)).json();
    const student = await createActor(t, 'student');
    for (const caller of [applicant, student, studio]) {
      expect((await call(caller, 'PUT', `/api/v1/intro-video/${id}`, { status: 'accepted' })).statusCode).toBe(403);
    }
    const noReason = await call(manager, 'PUT', `/api/v1/intro-video/${id}`, { status: 'rejected' });
    expect(noReason.json().code).toBe('bad-request');

    const pending = (await call(manager, 'GET', '/api/v1/intro-video/list?status=pending&size=100')).json();
    expect(pending.list.map((v: { id: number }) => v.id)).toContain(id);
    expect((await call(applicant, 'GET', '/api/v1/intro-video/list')).json().total).toBe(1);

    const rejected = await call(manager, 'PUT', `/api/v1/intro-video/${id}`, {
      status: 'rejected',
      reason: 'الصوت غير واضح',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reapplyAt: '2025-04-06T07:00:00.000Z' });
    expect((await call(admin, 'PUT', `/api/v1/intro-video/${id}`, { status: 'accepted' })).json().code).toBe(
      'already-decided',
    );
    const again = await uploadIntroVideo(t, applicant, 90);
    expect([again.statusCode, again.json().code, again.json().details.reapplyAt]).toEqual([
      409,
      'intro-video-exists',
      '2025-04-06T07:00:00.000Z',
    ]);
    const [notice] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'onboarding-videoRejected'));
    expect(notice?.body).toContain('الصوت غير واضح');
  });
});

describe('interview', () => {
  it('lists the interviewers with their free times', async () => {
    const applicant = await createApplicant(t);
    const answer = await call(applicant, 'GET', '/api/v1/user/interviewer/select?days=2');
    expect(answer.statusCode, answer.body).toBe(200);
    const mine = answer.json().find((i: { interviewer: { id: number } }) => i.interviewer.id === manager.id);
    expect(mine.freeTimes[0]).toEqual({ startsAt: '2025-01-06T07:00:00.000Z', endsAt: '2025-01-06T07:30:00.000Z' });
    // The spec names the same call under INTERVIEW too.
    const atInterview = await call(applicant, 'GET', '/api/v1/interview/select?days=2');
    expect([atInterview.statusCode, atInterview.json()]).toEqual([200, answer.json()]);
  });

  it('refuses a booking before the video is accepted, outside the slots, in the past, or with an inactive manager', async () => {
    const early = await createApplicant(t);
    expect((await bookInterview(early)).json().code).toBe('onboarding-step-locked');

    const applicant = await applicantReadyForInterview(t, admin);
    const weekdayOnly = await createInterviewer(t, [{ weekday: 1, startMinute: 600, endMinute: 720 }]);
    const outside = await bookInterview(applicant, TOMORROW_10, weekdayOnly.id);
    expect([outside.statusCode, outside.json().code, outside.json().details.reason]).toEqual([
      409,
      'busy-tutor-manager',
      'outside-slots',
    ]);
    expect((await bookInterview(applicant, '2025-01-06T06:00:00Z')).json().code).toBe('appointment-time-passed');
    const student = await createActor(t, 'student');
    expect((await bookInterview(applicant, TOMORROW_10, student.id)).json().code).toBe('inactive-tutor-manager');
    const retired = await createInterviewer(t, ALL_WEEK);
    await t.database.db.update(tutors).set({ activated: false }).where(eq(tutors.userId, retired.id));
    expect((await bookInterview(applicant, TOMORROW_10, retired.id)).json().code).toBe('inactive-tutor-manager');
    expect((await bookInterview(applicant, TOMORROW_10, 999_999)).json().code).toBe('user-not-found');
    expect(await t.database.db.select().from(interviews).where(eq(interviews.intervieweeId, applicant.id))).toEqual([]);
  });

  it('books, refuses a second one and an overlapping one, and only the manager decides after the start', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const booked = await bookInterview(applicant, '2025-01-08T10:00:00Z');
    expect(booked.statusCode, booked.body).toBe(201);
    const interview = booked.json() as Interview;
    expect(interview).toMatchObject({
      status: 1,
      endsAt: '2025-01-08T10:30:00.000Z',
      joinOpensAt: '2025-01-08T09:50:00.000Z',
    });
    expect(interview.introVideoUrl).toMatch(/^\/assets\/uploads\//);
    expect((await bookInterview(applicant, '2025-01-09T10:00:00Z')).json().code).toBe('conflicting-interview');

    const other = await applicantReadyForInterview(t, admin);
    const overlap = await bookInterview(other, '2025-01-08T10:15:00Z');
    expect([overlap.statusCode, overlap.json().code]).toEqual([409, 'busy-tutor-manager']);

    const jobs = await queuedJobs<{ id: number }>(t, ONBOARDING_JOBS.reminder);
    expect(jobs.filter((j) => j.data.id === interview.id)).toHaveLength(2);

    expect((await decide(manager, interview.id, 'passed')).json().code).toBe('appointment-not-started');
    t.clock.set('2025-01-08T10:05:00Z');
    try {
      expect((await decide(applicant, interview.id, 'passed')).statusCode).toBe(403);
      const cancelLate = await call(applicant, 'PATCH', '/api/v1/interview', { id: interview.id, action: 'cancel' });
      expect(cancelLate.statusCode).toBe(403);
      const stranger = await createInterviewer(t, []);
      expect((await decide(stranger, interview.id, 'passed')).statusCode).toBe(403);
      const passed = await decide(manager, interview.id, 'passed', 5);
      expect(passed.json()).toMatchObject({ status: 2, level: 5, feedback: 'نطق واضح', decidedBy: manager.id });
      // The interviewer's words reach the applicant with the outcome.
      const [told] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.template, 'onboarding-passed'), eq(outboxMessages.userId, applicant.id)));
      expect(told?.body).toContain('ملاحظات المُحاوِر: \u2068نطق واضح');
      expect((await decide(admin, interview.id, 'rejected')).json().code).toBe('already-decided');
      expect(await stateOf(applicant)).toContain('demoSession:todo');
    } finally {
      t.clock.set(NOW);
    }
  });

  it("keeps the interviewer's notes during the call, carries them into the decision, and hides them from the applicant", async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const { id } = (await bookInterview(applicant, '2025-01-10T10:00:00Z')).json() as Interview;
    const notes = (actor: Actor, note: string) =>
      call(actor, 'PATCH', '/api/v1/interview', { id, action: 'notes', note });
    expect((await notes(applicant, 'x')).statusCode).toBe(403);
    expect((await notes(manager, 'x'.repeat(5000))).json().code).toBe('bad-request');
    const kept = await notes(manager, 'يتردد في الأزمنة');
    expect([kept.statusCode, kept.json().note, kept.json().status]).toEqual([200, 'يتردد في الأزمنة', 1]);
    expect((await call(manager, 'GET', `/api/v1/interview/${id}`)).json().note).toBe('يتردد في الأزمنة');
    expect((await call(applicant, 'GET', `/api/v1/interview/${id}`)).json().note).toBeNull();
    expect((await statusOf(applicant)).interview?.note).toBeNull();

    t.clock.set('2025-01-10T10:10:00Z');
    try {
      // A decision without a note keeps the notes taken; after it, notes are closed.
      expect((await decide(manager, id, 'passed')).json().note).toBe('يتردد في الأزمنة');
      expect((await notes(manager, 'later')).json().code).toBe('already-decided');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('books when the platform settings are not cached (read before the transaction, never inside it)', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    // An admin's change makes every instance forget the settings: the booking reads them afresh.
    const grace = (minutes: number) =>
      call(admin, 'PATCH', '/api/v1/platform-settings', { noShowGraceMinutes: minutes });
    const before = (await call(admin, 'GET', '/api/v1/platform-settings')).json().values.noShowGraceMinutes;
    // (within the longest drop, 10 minutes, which the wait for the tutor may not exceed)
    expect((await grace(8)).statusCode).toBe(200);
    try {
      const booked = await bookInterview(applicant, '2025-01-10T14:00:00Z');
      expect(booked.statusCode, booked.body).toBe(201);
      const { id } = booked.json() as Interview;
      const [noShow] = (await queuedJobs<{ id: number }>(t, ONBOARDING_JOBS.noShow)).filter((j) => j.data.id === id);
      expect(noShow?.startAfter).toEqual(new Date('2025-01-10T14:08:00Z'));
    } finally {
      await grace(before);
    }
  });

  it('lets the interviewee cancel before the start and book again', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const { id } = (await bookInterview(applicant, '2025-01-09T12:00:00Z')).json();
    const cancelled = await call(applicant, 'PATCH', '/api/v1/interview', { id, action: 'cancel' });
    expect(cancelled.json()).toMatchObject({ status: 5, cancelledBy: applicant.id });
    expect((await bookInterview(applicant, '2025-01-09T12:00:00Z')).statusCode).toBe(201);
  });

  it('after a rejection shows the reapply date and refuses another interview before it', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const { id } = (await bookInterview(applicant, '2025-01-06T12:00:00Z')).json();
    t.clock.set('2025-01-06T12:10:00Z');
    try {
      expect((await decide(manager, id, 'rejected', 2)).json().status).toBe(3);
      const status = await statusOf(applicant);
      expect(status.steps.find((s) => s.step === 'interview')).toMatchObject({
        state: 'rejected',
        reapplyAt: '2025-04-06T12:00:00.000Z',
      });
      const again = await bookInterview(applicant, '2025-01-09T14:00:00Z');
      expect([again.statusCode, again.json().code]).toEqual([409, 'conflicting-interview']);
      expect(again.json().details.allowedAt).toBe('2025-04-06T12:00:00.000Z');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('marks an interview whose interviewer never joined, and tells the applicant', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const { id } = (await bookInterview(applicant, '2025-01-06T14:00:00Z')).json();
    const [job] = (await queuedJobs<{ kind: string; id: number }>(t, ONBOARDING_JOBS.noShow)).filter(
      (j) => j.data.id === id,
    );
    expect(job?.startAfter.toISOString()).toBe('2025-01-06T14:05:00.000Z');
    await t.app.jobs.run(ONBOARDING_JOBS.noShow, job?.data); // too early: nothing happens
    expect((await call(applicant, 'GET', `/api/v1/interview/${id}`)).json().status).toBe(1);
    t.clock.set('2025-01-06T14:06:00Z');
    try {
      await t.app.jobs.run(ONBOARDING_JOBS.noShow, job?.data);
      expect((await call(applicant, 'GET', `/api/v1/interview/${id}`)).json()).toMatchObject({
        status: 4,
        cancelReason: 'interviewerDidNotAttend',
      });
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('demo session, photo session and activation', () => {
  it('takes a passed applicant to a bookable tutor listed on /tutors', async () => {
    const applicant = await applicantReadyForInterview(t, admin);
    const interview = (await bookInterview(applicant, '2025-01-10T08:00:00Z')).json();
    const early = await call(applicant, 'POST', '/api/v1/demo-session', {
      managerId: manager.id,
      startsAt: '2025-01-11T08:00:00Z',
    });
    expect(early.json().code).toBe('onboarding-step-locked');
    t.clock.set('2025-01-10T08:10:00Z');
    await decide(manager, interview.id, 'passed');
    const demo = await call(applicant, 'POST', '/api/v1/demo-session', {
      managerId: manager.id,
      startsAt: '2025-01-11T08:00:00Z',
    });
    expect(demo.statusCode, demo.body).toBe(201);
    const second = await call(applicant, 'POST', '/api/v1/demo-session', {
      managerId: manager.id,
      startsAt: '2025-01-12T08:00:00Z',
    });
    expect(second.json().code).toBe('demo-session-exists');
    t.clock.set('2025-01-11T08:20:00Z');
    const passed = await call(manager, 'PATCH', '/api/v1/demo-session', {
      id: demo.json().id,
      action: 'decide',
      outcome: 'passed',
    });
    expect(passed.json().status).toBe(2);
    expect(await stateOf(applicant)).toContain('photoSession:waiting');

    const waiting = (await call(studio, 'GET', '/api/v1/user/tutor/all/for/studio?size=100')).json();
    expect(waiting.list.map((s: { tutor: { id: number } }) => s.tutor.id)).toContain(applicant.id);
    const incomplete = await call(studio, 'POST', `/api/v1/photo-session/${applicant.id}/done`);
    expect([incomplete.statusCode, incomplete.json().code]).toEqual([422, 'media-incomplete']);

    const media = await injectAs(t.app, studio.token, {
      method: 'PUT',
      url: `/api/v1/user/asset/tutor?tutorId=${applicant.id}`,
      ...multipartRequest({ image: await avatarPng(), video: introVideoPart(60), thumbnail: await avatarPng() }),
    });
    expect(media.statusCode, media.body).toBe(200);
    const done = await call(studio, 'POST', `/api/v1/photo-session/${applicant.id}/done`);
    expect(done.json()).toMatchObject({ photoSession: { status: 'done' }, meta: { activated: true } });
    expect((await statusOf(applicant)).current).toBeNull();

    const student = await createStudentWithMinutes(t);
    const list = (await call(student, 'GET', '/api/v1/user/tutor/list/onboarded?size=100')).json();
    expect(list.list.map((c: { id: number }) => c.id)).toContain(applicant.id);

    // An admin deactivates by hand: gone from the list at once.
    const off = await call(admin, 'PATCH', `/api/v1/user/tutor/${applicant.id}/activation`, { activated: false });
    expect(off.json().activated).toBe(false);
    const after = (await call(student, 'GET', '/api/v1/user/tutor/list/onboarded?size=100')).json();
    expect(after.list.map((c: { id: number }) => c.id)).not.toContain(applicant.id);
    t.clock.set(NOW);
  });

  it('lets an admin bypass onboarding for a tutor added by hand', async () => {
    const tutor = await createApplicant(t);
    const set = await call(admin, 'PATCH', `/api/v1/user/tutor/${tutor.id}/activation`, { bypassOnboarding: true });
    expect(set.json()).toMatchObject({ activated: true, bypassOnboarding: true });
    const [row] = await t.database.db.select().from(tutors).where(eq(tutors.userId, tutor.id));
    expect(row?.activated).toBe(true);
    expect((await statusOf(tutor)).current).toBeNull();
    // The audit log keeps who did it, as for the admin app's activation; setting it again changes and logs nothing.
    await call(admin, 'PATCH', `/api/v1/user/tutor/${tutor.id}/activation`, { bypassOnboarding: true });
    const logged = (await call(admin, 'GET', `/api/v1/audit-log/list?objectType=tutor&objectId=${tutor.id}`)).json();
    expect(logged.list).toHaveLength(1);
    expect(logged.list[0]).toMatchObject({
      action: 'tutor.activate',
      before: { activated: false, bypassOnboarding: false },
      after: { activated: true, bypassOnboarding: true },
    });
  });
});
