import type { TestApp } from '../build-test-app.ts';
import { ACCESS_POLICY, type ExampleContext, type ExampleRequest } from './access-policy.ts';
import { type Actor, type ActorsByRole, createActorsByRole, revokedToken } from './actors.ts';
import type { RegisteredRoute } from './contracts.ts';
import { derivedExample } from './derived-example.ts';
import type { PublishedOperation } from './openapi.ts';
import { createSeeds, type Seeds } from './seeds.ts';

/** Everyone the harnesses send requests as, or about. */
export interface People {
  /** One caller per role. */
  callers: ActorsByRole;
  /** Owners of "another user's object", one per role; they never call. */
  others: ActorsByRole;
  revokedToken: string;
  seed: Seeds;
}

export async function createPeople(t: TestApp): Promise<People> {
  const callers = await createActorsByRole(t);
  const others = await createActorsByRole(t);
  return { callers, others, revokedToken: await revokedToken(t), seed: createSeeds(t, others.superAdmin) };
}

/**
 * The route's valid request for a caller addressing the target's object (by default the caller's own): the
 * policy's example, or one derived from the published schema.
 */
export async function exampleFor(
  t: TestApp,
  route: RegisteredRoute,
  op: PublishedOperation,
  people: People,
  caller: Actor | null,
  target: Actor = caller ?? people.others.student,
): Promise<ExampleRequest> {
  const example = ACCESS_POLICY[route.key]?.example;
  if (!example) return derivedExample(route.contract, op);
  const context: ExampleContext = { t, caller, target, others: people.others, seed: people.seed };
  return example(context);
}
