import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usersContract } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createDiskStorage } from '../../providers/storage/disk.adapter.ts';
import { seedDemoData } from '../../seed/demo-seed.ts';
import { compileFastSerializer, responseSerializerCompiler } from './response-serializer.ts';

const files = mkdtempSync(join(tmpdir(), 'darsak-serializer-'));
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp(); // checks every hot answer against zod's
  await seedDemoData(t.database.db, createDiskStorage(files), t.clock.now());
  token = (await registerUser(t.app)).token;
});
afterAll(async () => {
  await t.close();
  rmSync(files, { recursive: true, force: true });
});

describe('hot answers through fast-json-stringify', () => {
  it('answer the same text zod writes, and what they answer passes the schema', async () => {
    const tutors = (await t.app.inject({ url: '/api/v1/user/tutor/list/onboarded' })).json().list as { id: number }[];
    const routes = [
      ['/api/v1/user/current', token],
      ['/api/v1/user/tutor/list/onboarded', undefined],
      ['/api/v1/plan/list', undefined],
      ['/api/v1/plan/list', token],
      [`/api/v1/availability-slot/free?tutorId=${tutors[0]?.id}&durationMinutes=30`, token],
      ['/api/v1/lesson/list/?page=1&size=15', token],
    ] as const;
    for (const [url, as] of routes) {
      const answer = await injectAs(t.app, as, { method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(answer.body.length).toBeGreaterThan(2);
    }
    expect(tutors.length).toBeGreaterThan(0);
  });

  it('write what zod writes: unknown fields left out, nulls and absent optional fields alike', () => {
    const schema = z.object({
      id: z.number().int(),
      name: z.string(),
      note: z.string().nullable(),
      tag: z.string().optional(),
    });
    const fast = compileFastSerializer(schema);
    for (const data of [
      { id: 1, name: 'سارة', note: null, secret: 'x' },
      { id: 2, name: 'Ali "quoted"\n', note: 'n', tag: 't' },
    ]) {
      expect(fast(data)).toBe(JSON.stringify(schema.encode(data as z.input<typeof schema>)));
    }
  });

  it('in the checking mode refuse an answer zod would refuse', () => {
    const serialize = responseSerializerCompiler(
      new Set([usersContract.current.response]),
      true,
    )({
      schema: usersContract.current.response,
      method: 'GET',
      url: '/api/v1/user/current',
      httpStatus: '200',
    });
    expect(() => serialize({ id: 'not a number' })).toThrow();
  });
});
