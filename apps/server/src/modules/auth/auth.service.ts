import { AppError } from '@darsak/domain/errors';
import { Password, type RegisterInput, Role, type SignedIn } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Authenticator, AuthUser } from '../../platform/http/auth-user.ts';
import type { GuessLimits } from '../../platform/security/guess-limits.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './auth.repo.ts';
import type { TokenSigner } from './auth.tokens.ts';
import type { SessionVerdicts } from './auth.verdicts.ts';

/** Claims of a verified Google ID token that sign-in relies on. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string | undefined;
}

export interface GoogleVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
}

export interface AuthDeps {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  tokenTtlSeconds: number;
  google: GoogleVerifier;
  users: Pick<
    UsersService,
    'createAccount' | 'findByEmail' | 'findByGoogleSub' | 'linkGoogle' | 'toUser' | 'findById' | 'setPasswordHash'
  >;
  /** Password guesses per account, whatever the client address. */
  guesses: GuessLimits;
  /** Live sessions each instance keeps for a few seconds, forgotten on every instance when revoked. */
  verdicts: SessionVerdicts;
  /** Closes the open sockets of revoked sessions, on every instance (realtime). */
  sockets: { closeSession(sessionId: string): void; closeUser(userId: number, keepSessionId?: string): void };
}

/** The key that counts password guesses at an account, known or not (so the limit tells nobody which exist). */
export const passwordGuessKey = (email: string) => `password:${email.toLowerCase()}`;

// A real hash of a random password, so unknown e-mails take as long to refuse as wrong passwords.
const decoyHash = hashPassword(`decoy-${Math.random()}`);

export function createAuthService(deps: AuthDeps) {
  const { db, clock, signer, users, verdicts } = deps;
  const findLiveSession = repo.liveSessionQuery(db);

  async function openSession(tx: Db, userId: number, userAgent?: string): Promise<string> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + deps.tokenTtlSeconds * 1000);
    const sid = await repo.insertSession(tx, { userId, expiresAt, userAgent });
    return signer.sign({ id: userId, sid }, now, deps.tokenTtlSeconds);
  }

  /**
   * Sets a new password and signs out every device but `keepSessionId` (password reset and change); the caller
   * calls `sessionsChanged` once its transaction commits.
   */
  async function replacePassword(tx: Db, userId: number, password: string, keepSessionId?: string) {
    Password.parse(password);
    await users.setPasswordHash(tx, userId, await hashPassword(password));
    await repo.revokeUserSessions(tx, userId, clock.now(), keepSessionId);
  }

  /**
   * After a transaction that revoked the user's sessions (but `keepSessionId`'s), disabled them or changed their role
   * commits: every instance reads the user's sessions from the database again, and their open sockets close (a
   * socket carries the session and role of its handshake).
   */
  async function sessionsChanged(userId: number, keepSessionId?: string) {
    await verdicts.forgetUser(userId);
    deps.sockets.closeUser(userId, keepSessionId);
  }

  const authenticator: Authenticator = {
    async authenticate(token: string): Promise<AuthUser> {
      const now = clock.now();
      const claims = await signer.verify(token, now);
      if (!claims) throw new AppError('unauthenticated');
      const session = await verdicts.read(claims.sid, now, () => findLiveSession(claims.sid, claims.id, now));
      if (!session || session.userId !== claims.id) throw new AppError('unauthenticated');
      return { id: session.userId, role: session.role, sessionId: claims.sid };
    },
  };

  return {
    authenticator,
    openSession,

    async register(input: RegisterInput, userAgent?: string): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const row = await users.createAccount(tx, {
          role: input.role === 'tutor' ? Role.tutor : Role.student,
          name: input.name,
          email: input.email,
          passwordHash,
          phone: input.phone,
          notificationMethod: input.notificationMethod,
        });
        return { token: await openSession(tx, row.id, userAgent), user: users.toUser(row) };
      });
    },

    async signInWithPassword(email: string, password: string, userAgent?: string): Promise<SignedIn> {
      const row = await deps.guesses.guard(passwordGuessKey(email), async () => {
        const found = await users.findByEmail(db, email);
        if (!found) {
          await verifyPassword(await decoyHash, password);
          throw new AppError('wrong-password');
        }
        if (!found.passwordHash) throw new AppError('no-password');
        if (!(await verifyPassword(found.passwordHash, password))) throw new AppError('wrong-password');
        // Only the right password learns that the account is disabled: a wrong one reads as any wrong password.
        if (found.disabledAt) throw new AppError('account-disabled');
        return found;
      });
      return { token: await openSession(db, row.id, userAgent), user: users.toUser(row) };
    },

    async signInWithGoogle(credential: string, role: 'student' | 'tutor' | undefined, userAgent?: string) {
      const identity = await deps.google.verify(credential);
      if (!identity.emailVerified) throw new AppError('invalid-google-token');
      return db.transaction(async (tx): Promise<SignedIn> => {
        let row = (await users.findByGoogleSub(tx, identity.sub)) ?? (await users.findByEmail(tx, identity.email));
        if (row && !row.googleSub) row = await users.linkGoogle(tx, row.id, identity.sub);
        row ??= await users.createAccount(tx, {
          role: role === 'tutor' ? Role.tutor : Role.student,
          name: identity.name,
          email: identity.email,
          passwordHash: null,
          googleSub: identity.sub,
          emailVerifiedAt: clock.now(),
        });
        if (row.disabledAt) throw new AppError('account-disabled');
        return { token: await openSession(tx, row.id, userAgent), user: users.toUser(row) };
      });
    },

    /** A fresh token for the same device; the session's life is extended. */
    async refresh(actor: AuthUser): Promise<{ token: string }> {
      const now = clock.now();
      await repo.extendSession(db, actor.sessionId, new Date(now.getTime() + deps.tokenTtlSeconds * 1000));
      return { token: await signer.sign({ id: actor.id, sid: actor.sessionId }, now, deps.tokenTtlSeconds) };
    },

    async logout(actor: AuthUser) {
      await repo.revokeSession(db, actor.sessionId, clock.now());
      await verdicts.forgetSession(actor.sessionId);
      deps.sockets.closeSession(actor.sessionId);
      return { ok: true as const };
    },

    replacePassword,

    /**
     * Signs the user out of every device inside the caller's transaction (an account disabled by staff); the
     * caller calls `sessionsChanged` once it commits.
     */
    signOutEverywhere: (tx: Db, userId: number) => repo.revokeUserSessions(tx, userId, clock.now()),

    sessionsChanged,

    /**
     * That the person behind a session is the account's owner, before a contact change: the current password
     * (counted with the password guesses), or a Google ID token of the account's own Google identity.
     */
    async proveOwner(
      userId: number,
      proof: { currentPassword?: string | undefined; googleCredential?: string | undefined },
    ) {
      const row = await users.findById(db, userId);
      if (!row) throw new AppError('unauthenticated');
      const { passwordHash, googleSub } = row;
      if (proof.currentPassword !== undefined && passwordHash) {
        await deps.guesses.guard(passwordGuessKey(row.email), async () => {
          if (!(await verifyPassword(passwordHash, proof.currentPassword ?? ''))) throw new AppError('wrong-password');
        });
        return;
      }
      if (proof.googleCredential !== undefined && googleSub) {
        const identity = await deps.google.verify(proof.googleCredential);
        if (identity.sub !== googleSub) throw new AppError('invalid-google-token');
        return;
      }
      throw new AppError('contact-change-needs-proof');
    },

    /**
     * A signed-in user's new password, proven by the current one. The device that asks stays signed in; every
     * other device is signed out. An account made with Google has no password to change (`no-password`).
     */
    async changePassword(actor: AuthUser, input: { currentPassword: string; newPassword: string }) {
      const row = await users.findById(db, actor.id);
      if (!row) throw new AppError('unauthenticated');
      const { passwordHash } = row;
      if (!passwordHash) throw new AppError('no-password');
      await deps.guesses.guard(passwordGuessKey(row.email), async () => {
        if (!(await verifyPassword(passwordHash, input.currentPassword))) throw new AppError('wrong-password');
      });
      await db.transaction((tx) => replacePassword(tx, actor.id, input.newPassword, actor.sessionId));
      await sessionsChanged(actor.id, actor.sessionId);
      return { ok: true as const };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
