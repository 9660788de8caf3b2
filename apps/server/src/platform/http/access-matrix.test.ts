import { ROLE_NAMES, type RoleName } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  ACCESS_POLICY,
  type Caller,
  type Expected,
  expectedByAuth,
  expectedFor,
  expectedForOther,
  type OwnershipCase,
} from '../../../test/harness/access-policy.ts';
import { renewSession } from '../../../test/harness/actors.ts';
import { codedErrorProblem, errorCodeOf } from '../../../test/harness/coded-answer.ts';
import { domainRouteKeys, REGISTERED_ROUTES, registeredRoute } from '../../../test/harness/contracts.ts';
import { exampleProblems, injectOptionsFor } from '../../../test/harness/example-request.ts';
import { fetchOpenApi, publishedOperations } from '../../../test/harness/openapi.ts';
import { createPeople, exampleFor, type People } from '../../../test/harness/people.ts';

// DESIGN §7: every endpoint has an access test for each role, anonymous, and another user's object. Expected
// answers follow from each contract's declared auth (test/harness/access-policy.ts) plus the ownership cases
// listed there.
const t = await buildTestApp();
const operations = new Map(publishedOperations(await fetchOpenApi(t.app)).map((op) => [op.key, op]));
const boundRoutes = REGISTERED_ROUTES.flatMap((route) => {
  const op = operations.get(route.key);
  return op ? [{ ...route, op }] : [];
});
type BoundRoute = (typeof boundRoutes)[number];
let people: People;

beforeAll(async () => {
  people = await createPeople(t);
});
afterAll(() => t.close());

describe('route registry', () => {
  it('knows every operation the API publishes (add new contracts to test/harness/contracts.ts)', () => {
    expect([...operations.keys()].filter((key) => !registeredRoute(key))).toEqual([]);
  });

  it('lists every route contract that @darsak/domain exports', async () => {
    expect((await domainRouteKeys()).filter((key) => !registeredRoute(key))).toEqual([]);
  });

  it('names each route once, and the policy only routes that exist', () => {
    const keys = REGISTERED_ROUTES.map((route) => route.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(ACCESS_POLICY).filter((key) => !registeredRoute(key))).toEqual([]);
  });

  it('says for every bound route with path parameters whether it addresses a user-owned object', () => {
    const declared = (key: string) => ACCESS_POLICY[key]?.ownership || ACCESS_POLICY[key]?.ownershipPending;
    const undeclared = boundRoutes.filter((route) => route.contract.params && !declared(route.key));
    expect(undeclared.map((route) => route.key)).toEqual([]);
  });

  it('has a valid example request for every bound route', async () => {
    const problems: string[] = [];
    for (const route of boundRoutes) {
      const caller = people.callers.superAdmin;
      const example = await exampleFor(t, route, route.op, people, caller);
      for (const problem of exampleProblems(route.contract, example)) problems.push(`${route.key} ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

interface Cell {
  caller: Caller;
  ownership?: OwnershipCase;
  /** Sent with a body its schema refuses: auth is checked first, so refusals stay 401/403. */
  invalidBody?: true;
  expected: Expected;
  /** Why a business rule refuses this caller. */
  note?: string;
  /** A disagreement with DESIGN §4 left to the module: the cell is expected to fail until it is fixed. */
  knownGap?: string;
}

function cellsOf(route: BoundRoute): Cell[] {
  const { auth } = route.contract;
  const callers: Caller[] = ['anonymous', 'revoked token', ...ROLE_NAMES];
  const policy = ACCESS_POLICY[route.key];
  const rule = policy?.refusedByRule;
  const byCaller = callers.map((caller) => ({
    caller,
    expected: expectedFor(auth, policy, caller),
    note: rule?.callers.includes(caller as RoleName) ? rule.reason : undefined,
  }));
  const allowedRoles = ROLE_NAMES.filter((role) => expectedByAuth(auth, role).allowed);
  const byOwnership = (policy?.ownership ?? []).flatMap((ownership) =>
    allowedRoles.map((caller) => ({
      caller,
      ownership,
      expected: expectedForOther(ownership, caller),
      knownGap: ownership.knownGap?.callers.includes(caller) ? ownership.knownGap.reason : undefined,
    })),
  );
  const refusedByAuth = callers
    .map((caller) => ({ caller, expected: expectedByAuth(auth, caller), invalidBody: true as const }))
    .filter((cell) => route.contract.body && !cell.expected.allowed);
  return [...byCaller, ...byOwnership, ...refusedByAuth];
}

const nameOf = ({ caller, ownership, invalidBody, expected, note, knownGap }: Cell) =>
  [
    caller,
    ownership && ` on another ${ownership.owner}'s object`,
    invalidBody && ' with an invalid body',
    ` → ${expected.allowed ? 'through' : `${expected.status} ${expected.code}`}`,
    note && ` (${note})`,
    knownGap && ` (known gap: ${knownGap})`,
  ]
    .filter(Boolean)
    .join('');

async function answerFor(route: BoundRoute, { caller, ownership, invalidBody }: Cell) {
  const policy = ACCESS_POLICY[route.key];
  const actor = ROLE_NAMES.includes(caller as RoleName) ? people.callers[caller as RoleName] : null;
  const target = ownership ? people.others[ownership.owner] : undefined;
  const example = await exampleFor(t, route, route.op, people, actor, target);
  const token = caller === 'revoked token' ? people.revokedToken : actor?.token;
  const request = injectOptionsFor(route.contract, invalidBody ? { ...example, body: [] } : example, token);
  const answer = await t.app.inject(request);
  if (policy?.endsSession && actor) await renewSession(t, actor);
  return answer;
}

/** `lessons 10, plans 5` */
function unboundByModule(): string {
  const counts = new Map<string, number>();
  for (const { name, key } of REGISTERED_ROUTES) {
    const module = name.split('.')[0] ?? name;
    if (!operations.has(key)) counts.set(module, (counts.get(module) ?? 0) + 1);
  }
  return [...counts].map(([module, n]) => `${module} ${n}`).join(', ');
}

const pending = boundRoutes.flatMap(({ key }) => {
  const reason = ACCESS_POLICY[key]?.ownershipPending;
  return reason ? [`${key} (${reason})`] : [];
});

const matrix = boundRoutes.map((route) => ({ route, cells: cellsOf(route) }));

afterAll(() => {
  const cells = matrix.flatMap((row) => row.cells);
  const count = (pick: (cell: Cell) => unknown) => cells.filter(pick).length;
  console.info(
    `access matrix: ${matrix.length} routes, ${cells.length} cells (${count((c) => !c.ownership && !c.invalidBody)} ` +
      `by caller, ${count((c) => c.ownership)} on another user's object, ${count((c) => c.invalidBody)} with an ` +
      `invalid body); not bound yet: ${unboundByModule() || 'none'}` +
      pending.map((line) => `\n  ownership not checked yet: ${line}`).join(''),
  );
});

describe.each(matrix)('$route.key', ({ route, cells }) => {
  for (const cell of cells) {
    const test = cell.knownGap ? it.fails : it;
    test(nameOf(cell), async () => {
      const answer = await answerFor(route, cell);
      const code = errorCodeOf(answer);
      if (cell.expected.allowed) {
        expect(code === 'unauthenticated' || code === 'forbidden', `refused: ${answer.body}`).toBe(false);
        expect(codedErrorProblem(answer)).toBeUndefined();
      } else {
        expect({ status: answer.statusCode, code }).toEqual({
          status: cell.expected.status,
          code: cell.expected.code,
        });
      }
    });
  }
});
