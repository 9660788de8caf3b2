import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { loggedUrl } from '../logger.ts';

// On-call follows one request from the proxy's log to ours by its id, and the log never keeps a credential that
// travelled in a URL (a calendar feed's token, an invitation's token).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('answers each request with an id of its own, unique across instances', async () => {
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
    ]);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("keeps the proxy's id, in the answer and in every log line of the request; a malformed one is replaced", async () => {
    const given = 'caddy-7f3a9c2e1b';
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(answer.headers['x-request-id']).toBe(given);
    const lines = t.logs.filter((line) => line.reqId === given);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon;id']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('URLs in the log', () => {
  it("never keeps a calendar feed's token", async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const link = (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/lesson/calendar/link' })).json();
    const path = new URL(link.url).pathname;
    const token = path.split('/').pop()?.replace('.ics', '') ?? '';
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('/api/v1/lesson/calendar/[redacted]');
    expect(logged).not.toContain(token);
  });

  it('hides path tokens and secret query values, and nothing else', () => {
    expect(loggedUrl('/api/v1/invite/token/abc.DEF-123')).toBe('/api/v1/invite/token/[redacted]');
    expect(loggedUrl('/dev/telegram/start?token=s3cret&lang=ar')).toBe('/dev/telegram/start?token=[redacted]&lang=ar');
    expect(loggedUrl('/x?page=2&api_key=k&code=12345#top')).toBe('/x?page=2&api_key=[redacted]&code=[redacted]#top');
    expect(loggedUrl('/api/v1/lesson/list?page=1&size=20')).toBe('/api/v1/lesson/list?page=1&size=20');
  });
});
