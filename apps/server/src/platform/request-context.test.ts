import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LogLine, type TestApp } from '../../test/build-test-app.ts';
import { registerUser } from '../../test/factories.ts';
import { jobRows } from '../../test/queued-jobs.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { outboxMessages } from '../modules/outbox/outbox.table.ts';
import { PASSWORD_CODE_JOB } from '../modules/verification/verification.service.ts';
import { JOB_REQUEST_ID } from './jobs/queue.ts';

// On-call follows one id from the proxy's log line to the API's, then to the job the request queued and to the
// delivery of the message that job wrote. A forgot-password request takes that whole path: the request only queues
// a job, and the job writes the code's e-mail to the outbox. The worker and the dispatcher run here as in production.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true, runJobs: true, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const forgotPassword = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/confirmation-code/password/send', headers, payload: { email } });

/** The password-code job queued for `email`, once the worker has run it. */
async function passwordJobFor(email: string) {
  const jobOf = async () =>
    (await jobRows<Record<string, unknown>>(t.database, PASSWORD_CODE_JOB)).find((job) => job.data.email === email);
  await waitUntil('the job ran', async () => (await jobOf())?.state === 'completed');
  const job = await jobOf();
  if (!job) throw new Error(`no job for ${email}`);
  return job;
}

/** The code's message to `email`, once the dispatcher has sent it. */
async function sentMessageTo(email: string) {
  const messageOf = async () =>
    (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)))[0];
  await waitUntil('the message was sent', async () => (await messageOf())?.status === 'sent');
  const message = await messageOf();
  if (!message) throw new Error(`no message to ${email}`);
  return message;
}

const lineOf = (msg: string, fields: Record<string, unknown>): LogLine | undefined =>
  t.logs.find((line) => line.msg === msg && Object.entries(fields).every(([key, value]) => line[key] === value));

/** Asks for a code for a new account and follows it: every step must name `requestId` (the answer's, if none). */
async function expectOneIdThroughout(headers: Record<string, string>) {
  const { user } = await registerUser(t.app);
  const answer = await forgotPassword(user.email, headers);
  expect(answer.statusCode).toBe(200);
  const requestId = answer.headers['x-request-id'];
  const job = await passwordJobFor(user.email);
  const message = await sentMessageTo(user.email);
  await waitUntil('the delivery was logged', () => lineOf('message sent', { outboxId: message.id }) !== undefined);

  expect(job.data[JOB_REQUEST_ID]).toBe(requestId);
  expect(message.requestId).toBe(requestId);
  // The worker may take the job before the answer's line is written: the lines, in any order.
  const trail = t.logs.filter((line) => line.reqId === requestId).map((line) => line.msg);
  expect(trail.sort()).toEqual(['incoming request', 'job completed', 'message sent', 'request completed']);
  expect(lineOf('job completed', { reqId: requestId })).toMatchObject({ job: PASSWORD_CODE_JOB, jobId: job.id });
  expect(lineOf('message sent', { reqId: requestId })).toMatchObject({ outboxId: message.id, channel: 'email' });
  return requestId;
}

describe('one request id from the proxy to the delivery', () => {
  it("follows the proxy's X-Request-Id through the request, its job and the message the job wrote", async () => {
    const given = 'abc12345-7f3a-4c2e-9b1d-0e8f6a5c4d3b';
    expect(await expectOneIdThroughout({ 'x-request-id': given })).toBe(given);
  });

  it('follows the id it made up for a request that came without one the same way', async () => {
    expect(await expectOneIdThroughout({})).toMatch(UUID);
  });

  it('gives none to a job that no request queued (a cron job), nor to the message it writes', async () => {
    const { user } = await registerUser(t.app);
    await t.app.jobs.send(PASSWORD_CODE_JOB, { email: user.email });
    const job = await passwordJobFor(user.email);
    const message = await sentMessageTo(user.email);
    await waitUntil('the delivery was logged', () => lineOf('message sent', { outboxId: message.id }) !== undefined);

    expect(Object.keys(job.data)).toEqual(['email']);
    expect(message.requestId).toBeNull();
    expect(lineOf('job completed', { jobId: job.id })).not.toHaveProperty('reqId');
    expect(lineOf('message sent', { outboxId: message.id })).not.toHaveProperty('reqId');
  });
});
