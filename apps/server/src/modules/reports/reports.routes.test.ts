import type { Report } from '@darsak/domain/reports';
import { REPORT_LOG_MAX_BYTES } from '@darsak/domain/reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng } from '../../../test/harness/multipart.ts';
import { fileReport, logPart, reportFieldsPart, sendReport } from '../../../test/report-fixtures.ts';
import { assets } from '../assets/assets.table.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { reports } from './reports.table.ts';

let t: TestApp;
let admin: Actor;
let student: Actor;
let tutor: Actor;
let studio: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-25T10:00:00Z' });
  [admin, student, tutor, studio] = [
    await createActor(t, 'admin'),
    await createActor(t, 'student'),
    await createActor(t, 'tutor'),
    await createActor(t, 'studio'),
  ];
});
afterAll(() => t.close());

const as = (actor: Actor, method: 'GET' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });
const fields = { title: 'لا يظهر المعلمون', description: 'قائمة المعلمين فارغة منذ الصباح.', page: '/tutors' };
const counts = async () => ({
  reports: (await t.database.db.select().from(reports)).length,
  assets: (await t.database.db.select().from(assets)).length,
});

describe('filing a report', () => {
  it('stores the title, description, page, screenshot and log privately for the reporter', async () => {
    const response = await sendReport(t, student, {
      report: reportFieldsPart(fields),
      screenshot: await avatarPng(),
      log: logPart(),
    });
    expect(response.statusCode).toBe(201);
    const report: Report = response.json();
    expect(report).toMatchObject({
      reporterId: student.id,
      title: fields.title,
      description: fields.description,
      page: '/tutors',
      status: 'open',
      note: null,
    });
    expect(report.screenshotUrl).toMatch(/^\/assets\/receipts\/[0-9a-f]{32}\.\w+$/);
    expect(report.logUrl).toMatch(/^\/assets\/receipts\/[0-9a-f]{32}\.txt$/);

    // Only the reporter and admins (who read reports) read the files; other staff and anyone else are refused, a
    // visitor must sign in.
    const screenshot = report.screenshotUrl ?? '';
    expect((await injectAs(t.app, student.token, { method: 'GET', url: screenshot })).statusCode).toBe(200);
    expect((await injectAs(t.app, admin.token, { method: 'GET', url: screenshot })).statusCode).toBe(200);
    for (const other of [tutor, studio, await createActor(t, 'tutorManager')]) {
      expect((await injectAs(t.app, other.token, { method: 'GET', url: screenshot })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: screenshot })).statusCode).toBe(401);
    const log = await injectAs(t.app, admin.token, { method: 'GET', url: report.logUrl ?? '' });
    expect(log.headers['content-type']).toContain('text/plain');
    expect(log.body).toContain('[socket] up');
  });

  it('files a report with its fields only', async () => {
    const report = await fileReport(t, tutor);
    expect(report).toMatchObject({ reporterId: tutor.id, screenshotUrl: null, logUrl: null });
  });

  it.each([
    ['without a title', { report: reportFieldsPart({ ...fields, title: '  ' }) }, 'bad-request', 'title'],
    ['without a description', { report: reportFieldsPart({ title: 'x' }) }, 'bad-request', 'description'],
    ['without its fields', { log: logPart() }, 'bad-request', 'report'],
  ])('refuses a report %s and stores nothing', async (_name, parts, code, field) => {
    const before = await counts();
    const response = await sendReport(t, student, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, details: { fields: { [field]: expect.any(String) } } });
    expect(response.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a screenshot that is not an image, and stores neither it nor the log', async () => {
    const before = await counts();
    const response = await sendReport(t, student, {
      report: reportFieldsPart(fields),
      log: logPart(),
      screenshot: { filename: 'shot.png', contentType: 'image/png', data: Buffer.from('not a picture') },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported-file-type');
    expect(await counts()).toEqual(before);
  });

  it('refuses a log over its size limit, and a log that is not text', async () => {
    const before = await counts();
    const big = await sendReport(t, student, {
      report: reportFieldsPart(fields),
      log: logPart('x'.repeat(REPORT_LOG_MAX_BYTES + 1)),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('large-file-size');
    const binary = await sendReport(t, student, {
      report: reportFieldsPart(fields),
      log: { filename: 'log.txt', contentType: 'text/plain', data: Buffer.from([0xff, 0xfe, 0x00, 0x81]) },
    });
    expect(binary.json().code).toBe('unsupported-file-type');
    expect(await counts()).toEqual(before);
  });
});

describe('reading reports', () => {
  it('lists one’s own reports; admins list everyone’s, searched and filtered', async () => {
    const mine = await fileReport(t, studio, 'الكاميرا سوداء');
    const own = await as(studio, 'GET', '/api/v1/report/list');
    expect(own.json().list.map((r: Report) => r.id)).toEqual([mine.id]);
    // A non-admin cannot widen the list to someone else's.
    const widened = await as(studio, 'GET', `/api/v1/report/list?reporterId=${student.id}`);
    expect(widened.json().list.every((r: Report) => r.reporterId === studio.id)).toBe(true);

    const all = await as(admin, 'GET', '/api/v1/report/list?size=100');
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    const searched = await as(admin, 'GET', `/api/v1/report/list?q=${encodeURIComponent('الكاميرا')}`);
    expect(searched.json()).toMatchObject({ total: 1, list: [{ id: mine.id, reporterName: expect.any(String) }] });
    const byPerson = await as(admin, 'GET', `/api/v1/report/list?reporterId=${studio.id}`);
    expect(byPerson.json().list.map((r: Report) => r.id)).toEqual([mine.id]);
    const resolved = await as(admin, 'GET', '/api/v1/report/list?status=resolved');
    expect(resolved.json().list.every((r: Report) => r.status === 'resolved')).toBe(true);
  });

  it("refuses another user's report; a missing one is 404", async () => {
    const report = await fileReport(t, student);
    expect((await as(student, 'GET', `/api/v1/report/${report.id}`)).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/v1/report/${report.id}`)).statusCode).toBe(200);
    const other = await as(tutor, 'GET', `/api/v1/report/${report.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('forbidden');
    expect((await as(admin, 'GET', '/api/v1/report/999999')).json().code).toBe('report-not-found');
  });
});

describe('moving a report', () => {
  it('answers at the spec’s `PUT /api/v1/report` too, with the id in the body', async () => {
    const report = await fileReport(t, student, 'الصوت يتقطّع');
    const moved = await as(admin, 'PUT', '/api/v1/report', { id: report.id, status: 'in_progress' });
    expect(moved.json()).toMatchObject({ id: report.id, status: 'in_progress' });
    expect((await as(admin, 'PUT', '/api/v1/report', { id: 999_999, status: 'open' })).json().code).toBe(
      'report-not-found',
    );
    expect((await as(studio, 'PUT', '/api/v1/report', { id: report.id, status: 'open' })).statusCode).toBe(403);
  });

  it('is for admins: in progress, then resolved with a note the reporter is told', async () => {
    const report = await fileReport(t, student, 'الدفع لا يكتمل');
    const url = `/api/v1/report/${report.id}`;
    expect((await as(student, 'PUT', url, { status: 'resolved', note: 'x' })).statusCode).toBe(403);
    expect((await as(studio, 'PUT', url, { status: 'in_progress' })).statusCode).toBe(403);

    const started = await as(admin, 'PUT', url, { status: 'in_progress' });
    expect(started.json()).toMatchObject({ status: 'in_progress', resolvedAt: null });
    const noNote = await as(admin, 'PUT', url, { status: 'resolved' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().details.fields.note).toBe('required');

    const resolved = await as(admin, 'PUT', url, { status: 'resolved', note: 'أصلحنا بوابة الدفع.' });
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      note: 'أصلحنا بوابة الدفع.',
      resolvedAt: expect.any(String),
    });
    const told = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, student.id));
    const notice = told.filter((m) => m.template === 'report-resolved');
    expect(notice).toHaveLength(1);
    expect(notice[0]?.body).toContain('الدفع لا يكتمل');
    expect(notice[0]?.body).toContain('أصلحنا بوابة الدفع.');

    // Reopened, the resolution is cleared; the reporter is told again only when it is resolved again.
    const reopened = await as(admin, 'PUT', url, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', resolvedAt: null });
    expect((await as(admin, 'PUT', '/api/v1/report/999999', { status: 'open' })).json().code).toBe('report-not-found');
  });
});
