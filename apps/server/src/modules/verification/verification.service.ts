import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MS_PER_HOUR, MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { CodePurpose, type User } from '@darsak/domain/users';
import {
  CODE_LENGTH,
  type CodeSent,
  type EmailChangeInput,
  isCodeLocked,
  type PhoneChangeInput,
} from '@darsak/domain/verification';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { GuessLimits } from '../../platform/security/guess-limits.ts';
import type { MessageChannel } from '../../providers/messaging/messenger.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repo.ts';
import type { UsersService } from '../users/users.service.ts';
import { assertCanIssue, createAddressThrottle } from './verification.limits.ts';
import {
  type ComposedMessage,
  contactChangedNotice,
  emailChangeCodeMessage,
  emailCodeMessage,
  maskEmail,
  maskPhone,
  passwordCodeMessage,
  phoneCodeMessage,
} from './verification.messages.ts';
import * as repo from './verification.repo.ts';

type Purpose = (typeof CodePurpose)[keyof typeof CodePurpose];
type CodeFailure = 'expired-verification-code' | 'invalid-verification-code';

/** Delivers a password-reset code, or nothing for an unknown address, out of the request. */
export const PASSWORD_CODE_JOB = 'verification.password-code';

/** Code guesses count per account across purposes: a new code does not buy new guesses. */
const codeGuessKey = (userId: number) => `code:${userId}`;

const TEMPLATES: Record<Purpose, string> = {
  [CodePurpose.verifyWhatsapp]: 'verify-phone',
  [CodePurpose.verifyEmail]: 'verify-email',
  [CodePurpose.resetPassword]: 'reset-password',
  [CodePurpose.changeEmail]: 'change-email',
  [CodePurpose.changePhone]: 'change-phone',
};

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  /** Key of the codes' HMAC (the JWT secret): a leaked table alone does not give the codes away. */
  secret: string;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  /** Account security notices follow the notification policy (e-mail and the chosen channel). */
  notifications: Notifier;
  /** Verified e-mail and phone are part of what makes a tutor bookable (and listed). */
  users: Pick<
    UsersService,
    | 'findById'
    | 'findByEmail'
    | 'markEmailVerified'
    | 'markPhoneVerified'
    | 'replaceContact'
    | 'toUser'
    | 'changedIfTutor'
  >;
  auth: Pick<AuthService, 'replacePassword' | 'proveOwner' | 'sessionsChanged'>;
  /** Password-reset codes are issued by a job, so the public answer does the same work for every address. */
  queue: Pick<JobQueue, 'send'>;
  /** Code guesses per account, whatever the client address (on top of each code's own wrong tries). */
  guesses: GuessLimits;
  /**
   * True when Telegram really delivers: a code then needs the chat the user opened with our bot. The outbox
   * stand-in has no chats and files the message under the phone number instead.
   */
  telegramNeedsChat: boolean;
  /** A code's lifetime, wrong tries, resend wait and hourly cap are platform settings. */
  settings: Pick<SettingsService, 'current'>;
}

interface Delivery {
  /** Codes never go by push. */
  channel: Exclude<MessageChannel, 'push'>;
  /** What the code proves: the phone number or e-mail address as it was when the code was sent. */
  target: string;
  /** Where the message goes: the address, the number or the Telegram chat id. */
  recipient: string;
}

/**
 * CONFIRMATION CODES (DESIGN §4): 5 digits, single use, one user and purpose; lifetime (10 minutes), wrong tries
 * (5), resend wait and hourly cap as the platform settings say.
 */
export function createVerificationService(deps: VerificationDeps) {
  const { db, clock, users, outbox } = deps;
  const passwordThrottle = createAddressThrottle(clock);

  const hashCode = (userId: number, purpose: Purpose, code: string) =>
    createHmac('sha256', deps.secret).update(`${userId}:${purpose}:${code}`).digest();

  const newCode = () =>
    randomInt(0, 10 ** CODE_LENGTH)
      .toString()
      .padStart(CODE_LENGTH, '0');

  async function requireUser(id: number): Promise<UserRow> {
    const row = await users.findById(db, id);
    if (!row) throw new AppError('user-not-found');
    return row;
  }

  const limitsNow = async (tx: Db = db) => (await deps.settings.current(tx)).verification;

  /**
   * Creates a code and its message in one transaction, within the cooldown and the hourly cap; answers what the
   * client is told (the channel, the masked target, the wait before a resend and the code's lifetime).
   */
  async function issue(
    user: UserRow,
    purpose: Purpose,
    to: Delivery & { shown: string },
    compose: (code: string, ttlMinutes: number) => ComposedMessage,
  ): Promise<CodeSent> {
    const limits = await db.transaction(async (tx) => {
      const now = clock.now();
      const limits = await limitsNow(tx);
      await repo.lockIssuing(tx, user.id, purpose);
      const issued = await repo.listIssuedSince(tx, user.id, purpose, new Date(now.getTime() - MS_PER_HOUR));
      assertCanIssue(
        issued.map((c) => c.createdAt.getTime()),
        now.getTime(),
        limits,
      );
      const code = newCode();
      await repo.insertCode(tx, {
        userId: user.id,
        purpose,
        channel: to.channel,
        target: to.target,
        codeHash: hashCode(user.id, purpose, code).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + limits.codeTtlMinutes * MS_PER_MINUTE),
      });
      await outbox.enqueue(tx, {
        channel: to.channel,
        to: to.recipient,
        userId: user.id,
        template: TEMPLATES[purpose],
        code,
        ...compose(code, limits.codeTtlMinutes),
      });
      return limits;
    });
    outbox.kick();
    return {
      channel: to.channel,
      target: to.shown,
      resendAfterSeconds: limits.resendCooldownSeconds,
      expiresInMinutes: limits.codeTtlMinutes,
    };
  }

  /**
   * Checks `code` against the user's latest code of this purpose, in the caller's transaction: the live code
   * row when it is right, else the failure. A wrong code costs the live code one of its tries. A right code that
   * is no longer alive (expired, used, out of tries, or for an address that has changed since) is
   * `expired-verification-code`. A `target` of null takes the code's own (a contact change proves a new address).
   */
  async function match(
    tx: Db,
    p: { userId: number; purpose: Purpose; target: string | null; code: string },
  ): Promise<{ failure: CodeFailure } | { row: repo.CodeRow }> {
    const row = await repo.findLatestForUpdate(tx, p.userId, p.purpose);
    if (!row) return { failure: 'invalid-verification-code' };
    const { maxWrongTries } = await limitsNow(tx);
    const alive =
      !row.consumedAt &&
      clock.now() < row.expiresAt &&
      !isCodeLocked(row.wrongTries, maxWrongTries) &&
      (p.target === null || row.target === p.target);
    if (!timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(p.userId, p.purpose, p.code))) {
      if (alive) await repo.addWrongTry(tx, row.id);
      return { failure: 'invalid-verification-code' };
    }
    return alive ? { row } : { failure: 'expired-verification-code' };
  }

  /**
   * Matches the code and, if it is right and alive, consumes it and runs `onValid` in the same transaction. A
   * wrong try commits even though the call fails.
   */
  async function redeem<T>(
    userId: number,
    purpose: Purpose,
    target: string | null,
    code: string,
    onValid: (tx: Db, code: repo.CodeRow) => Promise<T>,
  ): Promise<T> {
    return deps.guesses.guard(codeGuessKey(userId), async () => {
      const outcome = await db.transaction(async (tx): Promise<{ failure: CodeFailure } | { value: T }> => {
        const matched = await match(tx, { userId, purpose, target, code });
        if ('failure' in matched) return matched;
        await repo.consume(tx, matched.row.id, clock.now());
        return { value: await onValid(tx, matched.row) };
      });
      if ('failure' in outcome) throw new AppError(outcome.failure);
      return outcome.value;
    });
  }

  /** The account a reset code was sent to; an unknown or disabled address answers like a wrong code. */
  async function resetAccount(email: string): Promise<UserRow> {
    const user = await users.findByEmail(db, email);
    if (!user || user.disabledAt) throw new AppError('invalid-verification-code');
    return user;
  }

  /** Redeems a contact-change code and applies it; a tutor's listing then hears of the new contact. */
  async function finishContactChange(
    user: UserRow,
    purpose: Purpose,
    code: string,
    apply: (tx: Db, target: string) => Promise<UserRow>,
  ): Promise<User> {
    const row = await redeem(user.id, purpose, null, code, (tx, codeRow) => apply(tx, codeRow.target));
    outbox.kick();
    await users.changedIfTutor(row);
    return users.toUser(row);
  }

  /**
   * A change of the account's e-mail is told to the old address itself (whoever took the account cannot hide it);
   * other account notices follow the notification policy.
   */
  const tellOldAddress = (tx: Db, user: UserRow, message: ComposedMessage) =>
    outbox.enqueue(tx, { channel: 'email', to: user.email, userId: user.id, template: 'contact-changed', ...message });
  const tellAccount = (tx: Db, user: UserRow, message: ComposedMessage) =>
    deps.notifications.send(tx, user.id, 'accountSecurity', message, { template: 'contact-changed' });

  function phoneDelivery(user: UserRow, phone: string, method?: 'whatsapp' | 'telegram'): Delivery {
    const channel = method ?? (user.notificationMethod === 'telegram' ? 'telegram' : 'whatsapp');
    if (channel === 'whatsapp') return { channel, target: phone, recipient: phone };
    if (user.telegramChatId) return { channel, target: phone, recipient: user.telegramChatId };
    if (deps.telegramNeedsChat) throw new AppError('unresolved-phone');
    return { channel, target: phone, recipient: phone };
  }

  return {
    async sendPhoneCode(actor: AuthUser, method?: 'whatsapp' | 'telegram'): Promise<CodeSent> {
      const user = await requireUser(actor.id);
      if (!user.phone) throw new AppError('phone-required');
      if (user.phoneVerifiedAt) throw new AppError('phone-already-verified');
      const delivery = phoneDelivery(user, user.phone, method);
      return issue(user, CodePurpose.verifyWhatsapp, { ...delivery, shown: maskPhone(user.phone) }, (code, ttl) =>
        phoneCodeMessage(user, code, ttl),
      );
    },

    async verifyPhone(actor: AuthUser, code: string): Promise<User> {
      const user = await requireUser(actor.id);
      if (user.phoneVerifiedAt) throw new AppError('phone-already-verified');
      const row = await redeem(actor.id, CodePurpose.verifyWhatsapp, user.phone ?? '', code, (tx) =>
        users.markPhoneVerified(tx, actor.id),
      );
      await users.changedIfTutor(row);
      return users.toUser(row);
    },

    async sendEmailCode(actor: AuthUser): Promise<CodeSent> {
      const user = await requireUser(actor.id);
      if (user.emailVerifiedAt) throw new AppError('email-already-verified');
      const delivery: Delivery = { channel: 'email', target: user.email, recipient: user.email };
      return issue(user, CodePurpose.verifyEmail, { ...delivery, shown: maskEmail(user.email) }, (code, ttl) =>
        emailCodeMessage(user, code, ttl),
      );
    },

    async confirmEmail(actor: AuthUser, code: string): Promise<User> {
      const user = await requireUser(actor.id);
      if (user.emailVerifiedAt) throw new AppError('email-already-verified');
      const row = await redeem(actor.id, CodePurpose.verifyEmail, user.email, code, (tx) =>
        users.markEmailVerified(tx, actor.id),
      );
      await users.changedIfTutor(row);
      return users.toUser(row);
    },

    /**
     * Step one of an e-mail change: the owner proves it, and a code goes to the new address. The account's own
     * address, once verified, has nothing left to prove; unverified, its code verifies it.
     */
    async requestEmailChange(actor: AuthUser, input: EmailChangeInput): Promise<CodeSent> {
      const user = await requireUser(actor.id);
      await deps.auth.proveOwner(user.id, input);
      const own = input.email === user.email;
      if (own && user.emailVerifiedAt) throw new AppError('user-already-verified');
      if (!own && (await users.findByEmail(db, input.email))) throw new AppError('user-exists');
      const delivery: Delivery = { channel: 'email', target: input.email, recipient: input.email };
      return issue(user, CodePurpose.changeEmail, { ...delivery, shown: maskEmail(input.email) }, (code, ttl) =>
        emailChangeCodeMessage(user, code, ttl),
      );
    },

    /** Step two: the code makes the new address the account's (verified), and the old address is told. */
    async confirmEmailChange(actor: AuthUser, code: string): Promise<User> {
      const user = await requireUser(actor.id);
      return finishContactChange(user, CodePurpose.changeEmail, code, async (tx, target) => {
        const row = await users.replaceContact(tx, user.id, { email: target });
        if (target !== user.email)
          await tellOldAddress(tx, user, contactChangedNotice({ person: user, what: 'email', to: maskEmail(target) }));
        return row;
      });
    },

    /** Step one of a phone change, as for the e-mail: the owner proves it, and a code goes to the new number. */
    async requestPhoneChange(actor: AuthUser, input: PhoneChangeInput): Promise<CodeSent> {
      const user = await requireUser(actor.id);
      await deps.auth.proveOwner(user.id, input);
      if (input.phone === user.phone && user.phoneVerifiedAt) throw new AppError('user-already-verified');
      const delivery = phoneDelivery(user, input.phone, input.method);
      return issue(user, CodePurpose.changePhone, { ...delivery, shown: maskPhone(input.phone) }, (code, ttl) =>
        phoneCodeMessage(user, code, ttl),
      );
    },

    /**
     * Step two: the code makes the new number the account's (verified). The account is told by e-mail (the address
     * that recovers it) and by the chosen channel, as every account security notice.
     */
    async confirmPhoneChange(actor: AuthUser, code: string): Promise<User> {
      const user = await requireUser(actor.id);
      return finishContactChange(user, CodePurpose.changePhone, code, async (tx, target) => {
        const row = await users.replaceContact(tx, user.id, { phone: target });
        if (target !== user.phone)
          await tellAccount(tx, user, contactChangedNotice({ person: user, what: 'phone', to: maskPhone(target) }));
        return row;
      });
    },

    /**
     * Answers the same for every address, after the same steps: the per-address limit and one queued job. Whether
     * an account has the address is only looked at by the job, so neither the answer nor its time can tell.
     */
    async sendPasswordCode(email: string): Promise<{ ok: true }> {
      passwordThrottle.hit(email, await limitsNow());
      await deps.queue.send(PASSWORD_CODE_JOB, { email });
      return { ok: true };
    },

    /** The job: a code to a known, enabled account within its own limits; nothing (and no error) otherwise. */
    async deliverPasswordCode({ email }: { email: string }): Promise<void> {
      const user = await users.findByEmail(db, email);
      if (!user || user.disabledAt) return;
      const delivery: Delivery = { channel: 'email', target: user.email, recipient: user.email };
      try {
        await issue(user, CodePurpose.resetPassword, { ...delivery, shown: delivery.target }, (code, ttl) =>
          passwordCodeMessage(user, code, ttl),
        );
      } catch (error) {
        // The account's own limits (another server instance counted this address): nobody to tell.
        if (!(error instanceof AppError && ['verification-code-cooldown', 'too-many-requests'].includes(error.code)))
          throw error;
      }
    },

    /**
     * Whether a reset code is right and alive, leaving it usable for `resetPassword`. It answers as that call
     * does (an unknown address gets `invalid-verification-code`), and a wrong code costs a try there too.
     */
    async checkPasswordCode(input: { email: string; code: string }): Promise<{ ok: true }> {
      const user = await resetAccount(input.email);
      return deps.guesses.guard(codeGuessKey(user.id), async () => {
        const matched = await db.transaction((tx) =>
          match(tx, { userId: user.id, purpose: CodePurpose.resetPassword, target: user.email, code: input.code }),
        );
        if ('failure' in matched) throw new AppError(matched.failure);
        return { ok: true as const };
      });
    },

    /** Sets the new password, signs out every device and, as the code came by e-mail, verifies the e-mail. */
    async resetPassword(input: { email: string; code: string; password: string }): Promise<{ ok: true }> {
      const user = await resetAccount(input.email);
      await redeem(user.id, CodePurpose.resetPassword, user.email, input.code, async (tx) => {
        await deps.auth.replacePassword(tx, user.id, input.password);
        if (!user.emailVerifiedAt) await users.markEmailVerified(tx, user.id);
      });
      await deps.auth.sessionsChanged(user.id); // every device signed out, on every instance
      if (!user.emailVerifiedAt) await users.changedIfTutor(user);
      return { ok: true };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
