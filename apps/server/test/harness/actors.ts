import { ROLE_NAMES, Role, type RoleName, type SignedIn } from '@darsak/domain/users';
import { countFavouriteTopics } from '../../src/modules/topics/topics.service.ts';
import { createUsersService } from '../../src/modules/users/users.service.ts';
import { hashPassword } from '../../src/platform/security/passwords.ts';
import type { TestApp } from '../build-test-app.ts';
import { validPassword } from '../factories.ts';

/** A signed-in user of a given role. */
export interface Actor {
  role: RoleName;
  id: number;
  email: string;
  token: string;
}

export type ActorsByRole = Record<RoleName, Actor>;

let counter = 0;
const passwordHash = hashPassword(validPassword);

async function signIn(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password',
    payload: { email, password: validPassword },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (response.json() as SignedIn).token;
}

/**
 * A user of any role, created through the users service (registration only makes students and tutors) and
 * signed in through the API.
 */
export async function createActor(t: TestApp, role: RoleName): Promise<Actor> {
  counter += 1;
  const email = `${role.toLowerCase()}-${counter}@example.com`;
  const users = createUsersService({
    db: t.database.db,
    clock: t.clock,
    uploadUrl: (name) => `/assets/uploads/${encodeURIComponent(name)}`,
    countFavouriteTopics,
    tutorChanges: { notify: async () => undefined },
  });
  const hash = await passwordHash;
  const row = await t.database.db.transaction((tx) =>
    users.createAccount(tx, {
      role: Role[role],
      // Tutors and tutor managers need an Arabic two-part name.
      name: role === 'tutor' || role === 'tutorManager' ? 'أحمد محمود' : 'Sara Ali',
      email,
      passwordHash: hash,
    }),
  );
  return { role, id: row.id, email, token: await signIn(t, email) };
}

/** One user per role. */
export async function createActorsByRole(t: TestApp): Promise<ActorsByRole> {
  const actors: Partial<ActorsByRole> = {};
  for (const role of ROLE_NAMES) actors[role] = await createActor(t, role);
  return actors as ActorsByRole;
}

/** Gives the actor a fresh session after a call that ended its old one. */
export async function renewSession(t: TestApp, actor: Actor): Promise<void> {
  actor.token = await signIn(t, actor.email);
}

/** A token the server has revoked (signed out), for the "revoked token" column. */
export async function revokedToken(t: TestApp): Promise<string> {
  const actor = await createActor(t, 'student');
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { authorization: `Bearer ${actor.token}` },
  });
  if (logout.statusCode !== 200) throw new Error(`logout failed: ${logout.statusCode} ${logout.body}`);
  return actor.token;
}
