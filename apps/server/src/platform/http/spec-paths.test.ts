import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { REGISTERED_ROUTES } from '../../../test/harness/contracts.ts';

// The spec writes paths with and without a trailing slash (`POST /api/v1/user/`, `GET /api/v1/lesson/list/`,
// `GET /api/v1/invoice`): a client that copies either spelling of any call reaches it.

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const concrete = (path: string) => path.replace(/:\w+/g, '1');
const otherSpelling = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);

describe('spec paths', () => {
  it('reach every call with and without a trailing slash', async () => {
    const unreached: string[] = [];
    for (const { contract } of REGISTERED_ROUTES) {
      for (const url of [concrete(contract.path), otherSpelling(concrete(contract.path))]) {
        const answer = await t.app.inject({ method: contract.method, url });
        if (answer.statusCode === 404 && answer.json().code === 'route-not-found') {
          unreached.push(`${contract.method} ${url}`);
        }
      }
    }
    expect(unreached).toEqual([]);
  });
});
