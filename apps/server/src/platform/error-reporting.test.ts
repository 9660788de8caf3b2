import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../test/build-test-app.ts';
import { registerUser } from '../../test/factories.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createErrorReporter, errorReporterOf } from './error-reporting.ts';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local stand-in for Sentry's ingest: keeps every envelope posted to it. */
async function startCatcher(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

const PLANTED = {
  email: 'sara.ali@example.com',
  phone: '01012345678',
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
  code: '54321',
};

describe('server error reporting', () => {
  let catcher: Awaited<ReturnType<typeof startCatcher>>;
  let t: TestApp;

  beforeAll(async () => {
    catcher = await startCatcher();
    t = await buildTestApp({
      env: {
        SERVER_ENV: 'staging',
        // Required outside local mode; the test's own database is what the app runs on.
        DATABASE_URL: 'postgres://unused.invalid/darsak',
        PUBLIC_APP_URL: 'https://app.darsak.test',
        PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
        ERROR_REPORTING_URL: `http://publickey1@127.0.0.1:${catcher.port}/7`,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    catcher?.server.close();
  });

  it('sends a route’s unexpected error with release, environment and user id, personal data scrubbed', async () => {
    const { token, user } = await registerUser(t.app);
    // The favourite topics' table starts failing with a message full of personal data (a database error
    // inside the ORM's error, as a real outage gives).
    for (const statement of [
      'ALTER TABLE user_topics RENAME TO user_topics_real',
      `CREATE FUNCTION darsak_fail() RETURNS boolean AS $$ BEGIN
         RAISE EXCEPTION 'lookup for ${PLANTED.email} phone ${PLANTED.phone} Bearer ${PLANTED.token}';
       END $$ LANGUAGE plpgsql`,
      // A one-time filter: evaluated before any row is read, so even an empty table fails.
      'CREATE VIEW user_topics AS SELECT * FROM user_topics_real WHERE (SELECT darsak_fail())',
    ])
      await t.database.db.execute(sql.raw(statement));
    const query = `email=${PLANTED.email}&code=${PLANTED.code}&token=${PLANTED.token}`;
    const response = await injectAs(t.app, token, { method: 'GET', url: `/api/v1/topic/of/user?${query}` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'unexpected' });

    await waitUntil('the report arrives', () => catcher.received.length > 0);
    const [report] = catcher.received;
    expect(report?.url).toBe('/api/7/envelope/');
    expect(report?.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_key=publickey1, /);
    const [header, item, eventLine] = (report?.body ?? '').split('\n');
    expect(JSON.parse(item ?? '')).toEqual({ type: 'event' });
    const event = JSON.parse(eventLine ?? '');
    expect(JSON.parse(header ?? '').event_id).toBe(event.event_id);
    expect(event).toMatchObject({
      platform: 'node',
      level: 'error',
      release: 'darsak@0.1.0',
      environment: 'staging',
      user: { id: String(user.id) },
      request: { method: 'GET' },
      tags: { kind: 'http' },
    });
    expect(event.server_name).toEqual(expect.any(String));
    expect(event.user).toEqual({ id: String(user.id) });
    const values = event.exception.values as Array<{ type: string; value: string; stacktrace: { frames: unknown[] } }>;
    const root = values[0];
    expect(root?.value).toBe('lookup for [email] phone [phone] Bearer [token]');
    expect(values.at(-1)?.stacktrace.frames.length).toBeGreaterThan(0);
    expect(event.request.url).toBe(`/api/v1/topic/of/user?email=[email]&code=[redacted]&token=[redacted]`);
    for (const secret of Object.values(PLANTED)) expect(report?.body).not.toContain(secret);
  });
});

describe('when the server reports', () => {
  const dsn = 'https://key@errors.darsak.test/3';

  it('reports outside local mode only, and only to a DSN', () => {
    expect(errorReporterOf({ SERVER_ENV: 'local', ERROR_REPORTING_URL: dsn })).toBeUndefined();
    expect(errorReporterOf({ SERVER_ENV: 'production', ERROR_REPORTING_URL: undefined })).toBeUndefined();
    expect(errorReporterOf({ SERVER_ENV: 'production', ERROR_REPORTING_URL: dsn })).toBeDefined();
    expect(createErrorReporter({ dsn: 'https://errors.darsak.test/', environment: 'production' })).toBeUndefined();
  });
});
