import { AppError } from '@darsak/domain/errors';
import { isAdminRole, isTutorLike, Role, type RoleId, type UserAccount } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import * as repo from './users.repo.ts';
import type { UsersService } from './users.service.ts';

export interface StaffUsersDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'account' | 'refreshCompletion' | 'changedIfTutor' | 'addTutorProfile'>;
  /** Revokes every session of the user inside the caller's transaction (auth module). */
  signOutEverywhere: (tx: Db, userId: number) => Promise<void>;
  /**
   * After a change of the user's status or role commits: every instance reads their sessions again and closes their
   * open sockets (auth); their clients reconnect with the new role, or find the token refused and sign out.
   */
  sessionsChanged: (userId: number) => Promise<void>;
  audit: AuditRecorder;
}

/**
 * What admins do to a person's account (issue 12 /user/{id}): disable or enable, mark a contact verified, change
 * a role. Every change is audit-logged in its transaction. The enabled super admins are locked first, in id
 * order, so "never the last super admin" holds whatever runs at the same time.
 */
export function createStaffUsersService(deps: StaffUsersDeps) {
  const { db, clock, users, audit } = deps;

  /** Locks the super admins, then the target; refuses acting on oneself or, unless super admin, on an admin. */
  async function lockTarget(tx: Db, actor: AuthUser, id: number) {
    if (actor.id === id) throw new AppError('own-account');
    const superAdmins = await repo.lockActiveSuperAdmins(tx);
    const target = await repo.findUserByIdForUpdate(tx, id);
    if (!target) throw new AppError('user-not-found');
    if (isAdminRole(target.role as RoleId) && actor.role !== Role.superAdmin) throw new AppError('forbidden');
    const isLastSuperAdmin = superAdmins.length <= 1 && superAdmins.includes(id);
    return { target, isLastSuperAdmin };
  }

  async function afterChange(id: number, role: number) {
    await users.changedIfTutor({ id, role });
    return users.account(id);
  }

  return {
    async setStatus(actor: AuthUser, id: number, input: { disabled: boolean; reason: string }): Promise<UserAccount> {
      const changed = await db.transaction(async (tx) => {
        const { target, isLastSuperAdmin } = await lockTarget(tx, actor, id);
        if (input.disabled === (target.disabledAt !== null)) return null;
        if (input.disabled && isLastSuperAdmin) throw new AppError('last-super-admin');
        const disabledAt = input.disabled ? clock.now() : null;
        await repo.updateUser(tx, id, { disabledAt });
        if (input.disabled) await deps.signOutEverywhere(tx, id);
        await audit.record(tx, {
          actorId: actor.id,
          action: input.disabled ? 'user.disable' : 'user.enable',
          objectId: id,
          before: { disabledAt: target.disabledAt?.toISOString() ?? null },
          after: { disabledAt: disabledAt?.toISOString() ?? null },
          reason: input.reason,
        });
        return target;
      });
      if (!changed) return users.account(id);
      await deps.sessionsChanged(id);
      return afterChange(id, changed.role);
    },

    async markVerified(actor: AuthUser, id: number, input: { contact: 'email' | 'phone'; reason: string }) {
      if (actor.id === id) throw new AppError('own-account');
      const target = await db.transaction(async (tx) => {
        const target = await repo.findUserByIdForUpdate(tx, id);
        if (!target) throw new AppError('user-not-found');
        if (isAdminRole(target.role as RoleId) && actor.role !== Role.superAdmin) throw new AppError('forbidden');
        const now = clock.now();
        if (input.contact === 'email') {
          if (target.emailVerifiedAt) throw new AppError('email-already-verified');
          await repo.updateUser(tx, id, { emailVerifiedAt: now });
        } else {
          if (!target.phone) throw new AppError('phone-required');
          if (target.phoneVerifiedAt) throw new AppError('phone-already-verified');
          await repo.updateUser(tx, id, { phoneVerifiedAt: now });
        }
        await users.refreshCompletion(tx, id);
        const field = input.contact === 'email' ? 'emailVerified' : 'phoneVerified';
        await audit.record(tx, {
          actorId: actor.id,
          action: input.contact === 'email' ? 'user.verify-email' : 'user.verify-phone',
          objectId: id,
          before: { [field]: false },
          after: { [field]: true, [input.contact]: input.contact === 'email' ? target.email : target.phone },
          reason: input.reason,
        });
        return target;
      });
      return afterChange(id, target.role);
    },

    /** Super admin only (the contract): a role change; the last super admin is never lowered. */
    async changeRole(actor: AuthUser, id: number, input: { role: RoleId; reason: string }): Promise<UserAccount> {
      const changed = await db.transaction(async (tx) => {
        const { target, isLastSuperAdmin } = await lockTarget(tx, actor, id);
        if (target.role === input.role) return null;
        if (isLastSuperAdmin && input.role !== Role.superAdmin) throw new AppError('last-super-admin');
        await repo.updateUser(tx, id, { role: input.role });
        if (isTutorLike(input.role)) await users.addTutorProfile(tx, id);
        if (input.role === Role.student) await repo.insertStudentProfile(tx, id);
        await users.refreshCompletion(tx, id);
        await audit.record(tx, {
          actorId: actor.id,
          action: 'user.change-role',
          objectId: id,
          before: { role: target.role },
          after: { role: input.role },
          reason: input.reason,
        });
        return target;
      });
      if (!changed) return users.account(id);
      // Open sockets carry the role of their handshake: they close, and reconnect with the new one.
      await deps.sessionsChanged(id);
      await users.changedIfTutor({ id, role: changed.role });
      return afterChange(id, input.role);
    },
  };
}

export type StaffUsersService = ReturnType<typeof createStaffUsersService>;
