import type { RouteContract } from '@darsak/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Actor } from '../../../test/harness/actors.ts';
import { HUGE_TEXT, type InputCase, inputCases } from '../../../test/harness/bad-inputs.ts';
import { codedClientErrorProblem, codedErrorProblem } from '../../../test/harness/coded-answer.ts';
import { registeredRoute } from '../../../test/harness/contracts.ts';
import { changedTables, dbFingerprint } from '../../../test/harness/db-fingerprint.ts';
import { fetchOpenApi, publishedOperations } from '../../../test/harness/openapi.ts';
import { createPeople, exampleFor, type People } from '../../../test/harness/people.ts';

// DESIGN §7: every input schema gets bad-input tests that expect a coded 4xx. The operations come from the
// published OpenAPI document, so a new route is covered the moment it is bound.
const t = await buildTestApp();
const operations = publishedOperations(await fetchOpenApi(t.app));
let people: People;
const summary: { key: string; bad: number; edge: number; statuses: Map<number, number> }[] = [];
const unbounded: string[] = [];

beforeAll(async () => {
  people = await createPeople(t);
});

afterAll(async () => {
  await t.close();
  const total = (pick: (row: (typeof summary)[number]) => number) => summary.reduce((sum, row) => sum + pick(row), 0);
  const requests = total((row) => [...row.statuses.values()].reduce((a, b) => a + b, 0));
  const lines = summary.map(
    ({ key, bad, edge, statuses }) =>
      `  ${key.padEnd(50)} ${String(bad).padStart(4)} bad ${String(edge).padStart(3)} edge  ` +
      [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
  );
  console.info(
    `bad input: ${summary.length} operations, ${total((r) => r.bad)} bad and ${total((r) => r.edge)} edge cases, ` +
      `${requests} requests (as an allowed user and anonymously)\n${lines.join('\n')}` +
      (unbounded.length ? `\n  strings without a length limit: ${unbounded.join(', ')}` : ''),
  );
});

/** A signed-in caller the route lets through, so validation is not hidden behind a 401/403. */
function allowedCaller(contract: RouteContract): Actor {
  const role = contract.auth === 'public' || contract.auth === 'signedIn' ? 'student' : contract.auth[0];
  if (!role) throw new Error(`${contract.method} ${contract.path} allows no role`);
  return people.callers[role];
}

describe('bad input gets a coded 4xx and changes nothing; hostile input never a 5xx', () => {
  it.each(operations)('$key', async (operation) => {
    const route = registeredRoute(operation.key);
    if (!route) throw new Error(`${operation.key} is missing from test/harness/contracts.ts`);
    const caller = allowedCaller(route.contract);
    const base = await exampleFor(t, route, operation, people, caller);
    const cases = inputCases(route.contract, operation, base);
    const statuses = new Map<number, number>();
    const problems: string[] = [];

    async function send({ name, kind, request }: InputCase) {
      for (const [who, token] of [
        [caller.role, caller.token],
        ['anonymous', undefined],
      ] as const) {
        const headers = { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
        const answer = await t.app.inject({ ...request, headers });
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const problem = kind === 'bad' ? codedClientErrorProblem(answer) : codedErrorProblem(answer);
        if (problem) problems.push(`${kind} ${name} (${who}): ${problem}`);
      }
    }

    const bad = cases.filter((c) => c.kind === 'bad');
    const before = await dbFingerprint(t.database.db);
    for (const badCase of bad) await send(badCase);
    const changed = changedTables(before, await dbFingerprint(t.database.db));
    // Edge cases may succeed and change data, so they run after the bad batch is checked.
    const edge = cases.filter((c) => c.kind === 'edge');
    for (const edgeCase of edge) await send(edgeCase);
    for (const { name, changed } of edge) if (changed === HUGE_TEXT) unbounded.push(`${operation.key} ${name}`);
    summary.push({ key: operation.key, bad: bad.length, edge: edge.length, statuses });

    expect(problems).toEqual([]);
    expect(changed).toEqual([]);
  });
});
