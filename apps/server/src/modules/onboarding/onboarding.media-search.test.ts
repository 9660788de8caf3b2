import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { createApplicant, uploadIntroVideo } from '../../../test/onboarding-fixtures.ts';
import { photoSessions } from './onboarding.table.ts';

// The admin app's /media: the intro-video review queue and the studio's tutors, searched by the tutor.
let t: TestApp;
let admin: Actor;
let amira: Actor;
let bassem: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  admin = await createActor(t, 'admin');
  amira = await createApplicant(t);
  bassem = await createApplicant(t);
  for (const applicant of [amira, bassem]) {
    expect((await uploadIntroVideo(t, applicant, 90)).statusCode).toBe(201);
    await t.database.db.insert(photoSessions).values({ tutorId: applicant.id, createdBy: admin.id });
  }
});
afterAll(() => t.close());

const tutorsOf = async (actor: Actor, url: string) => {
  const response = await injectAs(t.app, actor.token, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { total: number; list: Array<{ tutor: { id: number } }> };
  return page.list.map((item) => item.tutor.id);
};

describe.each([
  ['intro videos', '/api/v1/intro-video/list?size=100'],
  ['studio tutors', '/api/v1/user/tutor/all/for/studio?size=100'],
])('%s for staff', (_name, path) => {
  it('find a tutor by part of the e-mail (any case, taken literally) or by id', async () => {
    expect(await tutorsOf(admin, path)).toEqual(expect.arrayContaining([amira.id, bassem.id]));
    const part = amira.email.split('@')[0]?.toUpperCase() ?? '';
    expect(await tutorsOf(admin, `${path}&q=${encodeURIComponent(part)}`)).toEqual([amira.id]);
    expect(await tutorsOf(admin, `${path}&q=${bassem.id}`)).toEqual([bassem.id]);
    expect(await tutorsOf(admin, `${path}&q=%25`)).toEqual([]);
  });

  it('refuses a search over 100 characters', async () => {
    const response = await injectAs(t.app, admin.token, { method: 'GET', url: `${path}&q=${'a'.repeat(101)}` });
    expect([response.statusCode, response.json().code]).toEqual([400, 'bad-request']);
  });
});

it("keeps a tutor's own intro-video list to their own, whatever they search for", async () => {
  expect(await tutorsOf(amira, `/api/v1/intro-video/list?q=${bassem.id}`)).toEqual([amira.id]);
});
