import { Role } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { validPassword } from '../../../test/factories.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';

// Each instance keeps the live sessions it read for a few seconds: a revocation on one instance must refuse the
// very next request on the other (the verdict is forgotten on every instance through Redis).

describe.skipIf(noCluster)('revocation on two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildSecondInstance>>;
  let superAdmin: Actor;
  beforeAll(async () => {
    a = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    b = await buildSecondInstance(a);
    superAdmin = await createActor(a, 'superAdmin');
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  const currentOnB = async (token: string) =>
    (await injectAs(b.app, token, { method: 'GET', url: '/api/v1/user/current' })).statusCode;
  const auditOnB = async (token: string) =>
    (await injectAs(b.app, token, { method: 'GET', url: '/api/v1/audit-log/list' })).statusCode;
  const reason = 'checked with the person by phone';

  it('a sign-out on A refuses the token on B at once', async () => {
    const student = await createActor(a, 'student');
    expect(await currentOnB(student.token)).toBe(200); // B now keeps the session
    expect((await injectAs(a.app, student.token, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
    expect(await currentOnB(student.token)).toBe(401);
  });

  it('an account disabled on A is refused on B at once', async () => {
    const student = await createActor(a, 'student');
    expect(await currentOnB(student.token)).toBe(200);
    const disabled = await injectAs(a.app, superAdmin.token, {
      method: 'PUT',
      url: `/api/v1/user/${student.id}/status`,
      payload: { disabled: true, reason },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await currentOnB(student.token)).toBe(401);
  });

  it('a password changed on A signs the other devices out on B at once', async () => {
    const student = await createActor(a, 'student');
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: student.email, password: validPassword },
    });
    const otherToken = other.json().token as string;
    expect(await currentOnB(otherToken)).toBe(200);
    const changed = await injectAs(a.app, student.token, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: validPassword, newPassword: 'fresh-pass9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await currentOnB(otherToken)).toBe(401);
    expect(await currentOnB(student.token)).toBe(200);
  });

  it('a role changed on A is the role B authorizes with at once', async () => {
    const student = await createActor(a, 'student');
    expect(await auditOnB(student.token)).toBe(403);
    const promoted = await injectAs(a.app, superAdmin.token, {
      method: 'PUT',
      url: `/api/v1/user/${student.id}/role`,
      payload: { role: Role.admin, reason },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await auditOnB(student.token)).toBe(200);
  });
});
