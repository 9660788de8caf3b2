import { ARABIC_TWO_PART_NAME_PATTERN, offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { mustBeAllowedNoticePeriod } from '@darsak/domain/lessons';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import {
  isAdminRole,
  isTutorLike,
  type NotificationMethod,
  Role,
  type RoleId,
  type TutorMeta,
  type UpdateUserInput,
  type User,
  type UserAccount,
  type UserListQuery,
} from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TutorChanges } from '../tutors/tutors.changes.ts';
import type { TutorRow, UserRow } from './users.repo.ts';
import * as repo from './users.repo.ts';

export const STAFF_ROLES = [Role.superAdmin, Role.admin, Role.tutorManager, Role.studio] as const;

export interface NewAccount {
  role: RoleId;
  name: string;
  email: string;
  passwordHash: string | null;
  phone?: string | undefined;
  notificationMethod?: NotificationMethod | undefined;
  googleSub?: string | undefined;
  emailVerifiedAt?: Date | undefined;
  image?: string | undefined;
}

export interface UsersDeps {
  db: Db;
  clock: Clock;
  /** How many favourite topics a user has (topics module); part of a tutor's missing data. */
  countFavouriteTopics: (db: Db, userId: number) => Promise<number>;
  /** Public URL of a stored upload. */
  uploadUrl: (name: string) => string;
  /** Told when a tutor's card or profile changed, so the cached tutor list follows at once. */
  tutorChanges: Pick<TutorChanges, 'notify'>;
  /** A new tutor's notice period comes from the settings; seeding and scripts without them take the default. */
  settings?: Pick<SettingsService, 'current'>;
}

/** Profile fields shown on a tutor's card or profile, or that move their free times. */
const TUTOR_FACTS = ['name', 'gender', 'bio', 'about', 'noticePeriodMinutes'] as const;

export function createUsersService(deps: UsersDeps) {
  const { db, clock } = deps;
  const userById = repo.userByIdQuery(db);

  const toUser = (row: UserRow): User => ({
    id: row.id,
    role: row.role as RoleId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    governorate: row.governorate,
    birthYear: row.birthYear,
    gender: row.gender as User['gender'],
    image: row.image ? deps.uploadUrl(row.image) : null,
    job: row.job,
    creditScore: row.creditScore,
    notificationMethod: row.notificationMethod as User['notificationMethod'],
    emailVerified: row.emailVerifiedAt !== null,
    phoneVerified: row.phoneVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    profileCompleted: row.profileCompletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  });

  const toAccount = ({ user, subscribed }: { user: UserRow; subscribed: boolean }): UserAccount => ({
    ...toUser(user),
    disabledAt: user.disabledAt?.toISOString() ?? null,
    subscribed,
  });

  async function requireUser(tx: Db, id: number): Promise<UserRow> {
    const row = await repo.findUserById(tx, id);
    if (!row) throw new AppError('user-not-found');
    return row;
  }

  async function missingTutorData(tx: Db, user: UserRow, tutor: TutorRow): Promise<TutorMeta['missingData']> {
    const missing: TutorMeta['missingData'] = [];
    if (!ARABIC_TWO_PART_NAME_PATTERN.test(user.name)) missing.push('name');
    if (!user.phone) missing.push('phone');
    if (!user.emailVerifiedAt) missing.push('verifiedEmail');
    if (!user.phoneVerifiedAt) missing.push('verifiedPhone');
    if (!tutor.bio) missing.push('bio');
    if (!tutor.about) missing.push('about');
    if ((await deps.countFavouriteTopics(tx, user.id)) === 0) missing.push('topics');
    return missing;
  }

  const studentComplete = (u: UserRow) => Boolean(u.phone && u.governorate && u.birthYear && u.gender);

  /** Sets or clears the profile-completed mark from what the profile holds now. */
  async function refreshCompletion(tx: Db, userId: number): Promise<UserRow> {
    const user = await requireUser(tx, userId);
    let complete = studentComplete(user);
    if (isTutorLike(user.role as RoleId)) {
      const tutor = await repo.findTutorProfile(tx, userId);
      complete = complete && tutor !== undefined && (await missingTutorData(tx, user, tutor)).length === 0;
    }
    if (complete === (user.profileCompletedAt !== null)) return user;
    return repo.updateUser(tx, userId, { profileCompletedAt: complete ? clock.now() : null });
  }

  function assertTutorName(role: RoleId, name: string) {
    if (isTutorLike(role) && !ARABIC_TWO_PART_NAME_PATTERN.test(name)) throw new AppError('api-invalid-user-name');
  }

  /** Tells the tutors module, after the change committed, when the changed user is a tutor. */
  async function changedIfTutor(user: Pick<UserRow, 'id' | 'role'>) {
    if (isTutorLike(user.role as RoleId)) await deps.tutorChanges.notify(user.id);
  }

  const settingsNow = async (tx: Db) => (deps.settings ? deps.settings.current(tx) : PLATFORM_SETTINGS_DEFAULTS);

  /** A tutor's profile, made when an account becomes a tutor, with the platform's default notice period. */
  async function addTutorProfile(tx: Db, userId: number): Promise<void> {
    await repo.insertTutorProfile(tx, userId, (await settingsNow(tx)).defaultNoticePeriodMinutes);
  }

  async function mustBeAllowedNotice(tx: Db, noticePeriodMinutes: number) {
    mustBeAllowedNoticePeriod(noticePeriodMinutes, (await settingsNow(tx)).maxNoticePeriodMinutes);
  }

  return {
    toUser,
    toAccount,
    refreshCompletion,
    changedIfTutor,
    addTutorProfile,

    /** Creates the account and its role profile inside the caller's transaction. */
    async createAccount(tx: Db, account: NewAccount): Promise<UserRow> {
      assertTutorName(account.role, account.name);
      const row = await repo.insertUser(tx, {
        role: account.role,
        name: account.name,
        email: account.email.toLowerCase(),
        passwordHash: account.passwordHash,
        phone: account.phone ?? null,
        notificationMethod: account.notificationMethod ?? 'none',
        googleSub: account.googleSub ?? null,
        emailVerifiedAt: account.emailVerifiedAt ?? null,
        image: account.image ?? null,
      });
      if (isTutorLike(account.role)) await addTutorProfile(tx, row.id);
      if (account.role === Role.student) await repo.insertStudentProfile(tx, row.id);
      return row;
    },

    /**
     * A staff account from the operator's command line (`npm run staff:create`): e-mail taken as verified, and a
     * tutor manager's interviewer profile active at once. The e-mail must be free (`user-exists`).
     */
    async createStaffAccount(account: NewAccount & { role: (typeof STAFF_ROLES)[number] }): Promise<User> {
      const row = await db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, account.email)) throw new AppError('user-exists');
        const created = await this.createAccount(tx, { ...account, emailVerifiedAt: clock.now() });
        if (account.role === Role.tutorManager) await repo.updateTutorProfile(tx, created.id, { activated: true });
        return created;
      });
      return toUser(row);
    },

    findByEmail: (tx: Db, email: string) => repo.findUserByEmail(tx, email),
    findByGoogleSub: (tx: Db, sub: string) => repo.findUserByGoogleSub(tx, sub),
    findById: (tx: Db, id: number) => repo.findUserById(tx, id),
    linkGoogle: (tx: Db, id: number, sub: string) => repo.updateUser(tx, id, { googleSub: sub }),
    /** The channel of the notification policy; chosen through the notifications module. */
    setNotificationMethod: (tx: Db, id: number, method: NotificationMethod) =>
      repo.updateUser(tx, id, { notificationMethod: method }),

    async setPasswordHash(tx: Db, userId: number, passwordHash: string) {
      await repo.updateUser(tx, userId, { passwordHash });
    },

    async markEmailVerified(tx: Db, userId: number) {
      await repo.updateUser(tx, userId, { emailVerifiedAt: clock.now() });
      return refreshCompletion(tx, userId);
    },

    /** A new e-mail address or phone number, proven by a code sent to it, so verified from now. */
    async replaceContact(tx: Db, userId: number, contact: { email: string } | { phone: string }) {
      const now = clock.now();
      await repo.updateUser(
        tx,
        userId,
        'email' in contact
          ? { email: contact.email, emailVerifiedAt: now }
          : { phone: contact.phone, phoneVerifiedAt: now },
      );
      return refreshCompletion(tx, userId);
    },

    async markPhoneVerified(tx: Db, userId: number) {
      await repo.updateUser(tx, userId, { phoneVerifiedAt: clock.now() });
      return refreshCompletion(tx, userId);
    },

    async current(actor: AuthUser): Promise<User> {
      const row = await userById(actor.id);
      if (!row) throw new AppError('user-not-found');
      return toUser(row);
    },

    async get(actor: AuthUser, id: number): Promise<User> {
      if (actor.id !== id && !(STAFF_ROLES as readonly RoleId[]).includes(actor.role)) throw new AppError('forbidden');
      return toUser(await requireUser(db, id));
    },

    async list({ page, size, ...filter }: UserListQuery) {
      const { rows, total } = await repo.listUsers(db, { ...filter, limit: size, offset: offsetOf({ page, size }) });
      return { total, list: rows.map(toAccount) };
    },

    async account(id: number): Promise<UserAccount> {
      const row = await repo.findUserAccount(db, id);
      if (!row) throw new AppError('user-not-found');
      return toAccount(row);
    },

    async update(actor: AuthUser, id: number, input: UpdateUserInput): Promise<User> {
      if (actor.id !== id && !isAdminRole(actor.role)) throw new AppError('forbidden');
      if (Object.keys(input).length === 0) throw new AppError('empty-request');
      const row = await db.transaction(async (tx) => {
        const user = await repo.findUserByIdForUpdate(tx, id);
        if (!user) throw new AppError('user-not-found');
        const role = user.role as RoleId;
        // Managing admins is the super admin's alone (DESIGN §4 permission table).
        if (actor.id !== id && isAdminRole(role) && actor.role !== Role.superAdmin) throw new AppError('forbidden');
        const { bio, about, noticePeriodMinutes, englishLevel, ...account } = input;
        const tutorFields = { bio, about, noticePeriodMinutes };
        const hasTutorFields = Object.values(tutorFields).some((v) => v !== undefined);
        if (hasTutorFields && !isTutorLike(role)) throw new AppError('bad-request', { fields: { bio: 'tutor-only' } });
        if (noticePeriodMinutes !== undefined) await mustBeAllowedNotice(tx, noticePeriodMinutes);
        if (englishLevel !== undefined && role !== Role.student) {
          throw new AppError('bad-request', { fields: { englishLevel: 'student-only' } });
        }
        if (account.name !== undefined) assertTutorName(role, account.name);
        const unverifiesEmail = account.email !== undefined && account.email !== user.email;
        const unverifiesPhone = account.phone !== undefined && account.phone !== user.phone;
        // A session alone cannot move the account's addresses (a stolen one would then reset the password):
        // the owner changes them through the confirmation-code calls, with the password and a code. Giving a
        // phone to an account without one is not a change; staff may still correct another user's.
        if (actor.id === id && (unverifiesEmail || (unverifiesPhone && user.phone !== null)))
          throw new AppError('contact-change-needs-proof');
        await repo.updateUser(tx, id, {
          ...account,
          ...(unverifiesEmail ? { emailVerifiedAt: null } : {}),
          ...(unverifiesPhone ? { phoneVerifiedAt: null } : {}),
        });
        if (hasTutorFields) await repo.updateTutorProfile(tx, id, tutorFields);
        if (englishLevel !== undefined) await repo.updateStudentProfile(tx, id, { englishLevel });
        // An unverified contact takes a tutor out of the list (bookable needs both verified).
        const changesTutor = unverifiesEmail || unverifiesPhone || TUTOR_FACTS.some((k) => input[k] !== undefined);
        return { row: await refreshCompletion(tx, id), changesTutor };
      });
      if (row.changesTutor) await changedIfTutor(row.row);
      return toUser(row.row);
    },

    async setImage(tx: Db, userId: number, image: string) {
      return toUser(await repo.updateUser(tx, userId, { image }));
    },

    async tutorMeta(userId: number): Promise<TutorMeta> {
      const user = await requireUser(db, userId);
      const tutor = await repo.findTutorProfile(db, userId);
      if (!tutor) throw new AppError('tutor-not-found');
      return {
        userId,
        bio: tutor.bio,
        about: tutor.about,
        video: tutor.video ? deps.uploadUrl(tutor.video) : null,
        thumbnail: tutor.thumbnail ? deps.uploadUrl(tutor.thumbnail) : null,
        activated: tutor.activated,
        noticePeriodMinutes: tutor.noticePeriodMinutes,
        bypassOnboarding: tutor.bypassOnboarding,
        missingData: await missingTutorData(db, user, tutor),
      };
    },

    async setTutorMedia(tx: Db, userId: number, media: { video?: string; thumbnail?: string }) {
      const row = await repo.updateTutorProfile(tx, userId, media);
      if (!row) throw new AppError('tutor-not-found');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
