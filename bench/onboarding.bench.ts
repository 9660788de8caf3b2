// Tutor onboarding figures: a 300 MB intro video streamed up (peak RSS of the process and time), and the
// interviewer free times and staff lists against a bare Fastify route in the same run, as the booking bench
// does. Run: npm run bench:onboarding (figures printed; nothing asserts a time). PostgreSQL when DATABASE_URL is
// set. BENCH_VIDEO_MB changes the upload's size.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { ALL_WEEK } from '../apps/server/test/booking-fixtures.ts';
import { buildTestApp, injectAs } from '../apps/server/test/build-test-app.ts';
import { createActor } from '../apps/server/test/harness/actors.ts';
import { webmParts } from '../apps/server/test/harness/video.ts';
import {
  applicantReadyForInterview,
  createApplicant,
  createInterviewer,
} from '../apps/server/test/onboarding-fixtures.ts';
import { load, printTable } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const videoMb = Number(process.env.BENCH_VIDEO_MB ?? 300);
const MB = 1024 * 1024;

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const t = await buildTestApp({ now: '2025-01-06T07:00:00Z', env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
console.log(`database: ${t.database.kind}; ${seconds}s per route, 10 connections`);

// 1. One 300 MB upload, generated on the way (the sender holds about a megabyte), through the real HTTP stack.
const applicant = await createApplicant(t);
const boundary = `----bench${randomBytes(8).toString('hex')}`;
async function* body() {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="intro.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  yield* webmParts(150, videoMb * MB);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const response = await fetch(`${appUrl}/api/v1/intro-video/with/asset`, {
  method: 'POST',
  headers: { authorization: `Bearer ${applicant.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  body: Readable.toWeb(Readable.from(body())) as ReadableStream,
  duplex: 'half',
} as RequestInit);
const answer = (await response.json()) as { durationSeconds?: number; code?: string };
const elapsed = performance.now() - started;
clearInterval(sampler);
console.log(
  `intro video upload of ${videoMb} MB: ${response.status} (${answer.durationSeconds ?? answer.code} s read from the file) ` +
    `in ${(elapsed / 1000).toFixed(1)} s (${((videoMb / elapsed) * 1000).toFixed(0)} MB/s); process RSS ` +
    `${(rssBefore / MB).toFixed(0)} MB before, peak ${(rssPeak / MB).toFixed(0)} MB ` +
    `(+${((rssPeak - rssBefore) / MB).toFixed(0)} MB; client, server and storage share the process)`,
);

// 2. Interviewer free times and the staff lists: 5 interviewers with an all-week schedule, 40 applicants with an
// accepted video, 20 of them with an interview booked, and 10 videos waiting for review.
const admin = await createActor(t, 'admin');
const studio = await createActor(t, 'studio');
const managers = [];
for (let i = 0; i < 5; i++) managers.push(await createInterviewer(t, ALL_WEEK));
const applicants = [];
for (let i = 0; i < 40; i++) applicants.push(await applicantReadyForInterview(t, admin));
for (const [i, a] of applicants.slice(0, 20).entries()) {
  const startsAt = new Date(Date.parse('2025-01-07T06:00:00Z') + i * 30 * 60_000).toISOString();
  await injectAs(t.app, a.token, {
    method: 'POST',
    url: '/api/v1/interview',
    payload: { managerId: managers[i % managers.length]?.id, startsAt },
  });
}
for (let i = 0; i < 10; i++) {
  const waiting = await createApplicant(t);
  await injectAs(t.app, waiting.token, {
    method: 'POST',
    url: '/api/v1/intro-video/with/asset',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="video"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n',
      ),
      ...webmParts(90, 4096),
      Buffer.from('\r\n--x--\r\n'),
    ]),
  });
}
const as = (token: string) => ({ seconds, headers: { authorization: `Bearer ${token}` } });
const tutor = applicants[39];
const manager = managers[0];
if (!tutor || !manager) throw new Error('no people');
const baseline = await load('GET /bare (Fastify, no work)', `${bareUrl}/bare`, { seconds });
const results = [
  await load(
    'GET /api/v1/user/interviewer/select (14 days)',
    `${appUrl}/api/v1/user/interviewer/select`,
    as(tutor.token),
  ),
  await load(
    'GET /api/v1/interview/list/?when=upcoming (manager)',
    `${appUrl}/api/v1/interview/list/?when=upcoming`,
    as(manager.token),
  ),
  await load(
    'GET /api/v1/intro-video/list?status=pending',
    `${appUrl}/api/v1/intro-video/list?status=pending`,
    as(manager.token),
  ),
  await load(
    'GET /api/v1/user/tutor/onboarding (applicant)',
    `${appUrl}/api/v1/user/tutor/onboarding`,
    as(tutor.token),
  ),
  await load('GET /api/v1/user/tutor/all/for/studio', `${appUrl}/api/v1/user/tutor/all/for/studio`, as(studio.token)),
];
printTable(baseline, results);

await t.close();
await bare.close();
