import { createHash, randomBytes } from 'node:crypto';
import { offsetOf, type PageQuery } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type AcceptInviteInput,
  INVITE_VALID_DAYS,
  type Invite,
  type InviteInput,
  type InvitePatch,
  type InvitePreview,
  type InviteState,
  InviteStatus,
  isAdminGrant,
} from '@darsak/domain/invites';
import { Role, type RoleId, type SignedIn } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './invites.repo.ts';

export interface InvitesDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  users: Pick<UsersService, 'createAccount' | 'findByEmail' | 'findById' | 'toUser'>;
  auth: Pick<AuthService, 'openSession'>;
  plans: Pick<PlansService, 'findPlan' | 'addInvite'>;
  audit: AuditRecorder;
  /** The main app's address; the link is `${appUrl}/invite/{token}`. */
  appUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ROLE_AR: Record<RoleId, string> = {
  1: 'مدير عام',
  2: 'مدير',
  3: 'معلّم',
  4: 'طالب',
  5: 'مدير المعلّمين',
  6: 'الاستوديو',
};

/** Only the token's SHA-256 is stored: a leaked table does not hand out accounts. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Invites (spec INVITE, DESIGN §4 staff accounts): single-use links that register a person with a role. */
export function createInvitesService(deps: InvitesDeps) {
  const { db, clock, audit } = deps;

  const stateOf = (row: repo.InviteRow): InviteState => {
    if (row.status === InviteStatus.approved) return 'approved';
    if (row.status === InviteStatus.rejected) return 'rejected';
    return row.expiresAt && row.expiresAt > clock.now() ? 'pending' : 'expired';
  };

  const toInvite = ({ invite: row, inviterName }: { invite: repo.InviteRow; inviterName: string | null }): Invite => ({
    id: row.id,
    email: row.email ?? '',
    name: row.name,
    role: (row.role ?? Role.student) as RoleId,
    planId: row.planId,
    status: row.status as Invite['status'],
    state: stateOf(row),
    inviterId: row.inviterId,
    inviterName,
    inviteeId: row.inviteeId,
    expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  async function requireInvite(tx: Db, id: number): Promise<Invite> {
    const row = await repo.findInvite(tx, id);
    if (!row) throw new AppError('invite-not-found');
    return toInvite(row);
  }

  /** Admin roles are given, and their invites managed, by a super admin alone. */
  function assertMayGrant(actor: AuthUser, role: number | null) {
    if (role !== null && isAdminGrant(role as RoleId) && actor.role !== Role.superAdmin) {
      throw new AppError('forbidden');
    }
  }

  async function assertPlan(tx: Db, planId: number | null | undefined) {
    if (planId && !(await deps.plans.findPlan(tx, planId))) throw new AppError('plan-not-found');
  }

  /** A fresh link valid for a week, e-mailed inside the caller's transaction. */
  async function issueLink(tx: Db, invite: { email: string; name: string | null; role: number }, actor: AuthUser) {
    const inviter = (await deps.users.findById(tx, actor.id))?.name ?? 'فريق درسك';
    const token = newToken();
    const link = `${deps.appUrl}/invite/${token}`;
    const greeting = invite.name ? `مرحبًا ${invite.name}،` : 'مرحبًا،';
    await deps.outbox.enqueue(tx, {
      channel: 'email',
      to: invite.email,
      template: 'invite',
      subject: 'دعوة للانضمام إلى درسك',
      text: [
        greeting,
        `دعاك ${inviter} للانضمام إلى درسك بدور «${ROLE_AR[invite.role as RoleId]}».`,
        `أنشئ حسابك من هذا الرابط (صالح ${INVITE_VALID_DAYS} أيام ولمرة واحدة):`,
        link,
      ].join('\n'),
    });
    return { code: hashToken(token), expiresAt: new Date(clock.now().getTime() + INVITE_VALID_DAYS * DAY_MS) };
  }

  /** The invite a link names, refused with a coded error when used, revoked or expired. */
  async function usableByToken(tx: Db, token: string, lock: boolean): Promise<repo.InviteRow> {
    const row = await repo.findInviteByCode(tx, hashToken(token), lock);
    if (!row) throw new AppError('invite-not-found');
    const state = stateOf(row);
    if (state === 'approved') throw new AppError('invite-used');
    if (state === 'rejected') throw new AppError('invite-revoked');
    if (state === 'expired') throw new AppError('invite-expired');
    return row;
  }

  return {
    async create(actor: AuthUser, input: InviteInput): Promise<Invite> {
      assertMayGrant(actor, input.role);
      const id = await db.transaction(async (tx) => {
        if (await deps.users.findByEmail(tx, input.email)) throw new AppError('user-exists');
        await assertPlan(tx, input.planId);
        const invite = { email: input.email, name: input.name ?? null, role: input.role };
        const link = await issueLink(tx, invite, actor);
        const id = await repo.insertInvite(tx, {
          ...invite,
          ...link,
          planId: input.planId ?? null,
          inviterId: actor.id,
        });
        await audit.record(tx, {
          actorId: actor.id,
          action: 'invite.create',
          objectId: id,
          after: { ...invite, planId: input.planId ?? null },
        });
        return id;
      });
      deps.outbox.kick();
      return requireInvite(db, id);
    },

    async list(query: PageQuery & { state?: InviteState | undefined; q?: string | undefined }) {
      const { rows, total } = await repo.listInvites(db, {
        state: query.state,
        q: query.q,
        now: clock.now(),
        limit: query.size,
        offset: offsetOf(query),
      });
      return { total, list: rows.map(toInvite) };
    },

    get: (id: number) => requireInvite(db, id),

    async update(actor: AuthUser, id: number, patch: InvitePatch): Promise<Invite> {
      await db.transaction(async (tx) => {
        const row = await repo.findInviteForUpdate(tx, id);
        if (!row) throw new AppError('invite-not-found');
        if (row.status === InviteStatus.approved) throw new AppError('invite-used');
        if (row.status === InviteStatus.rejected) throw new AppError('invite-revoked');
        assertMayGrant(actor, row.role);
        const next = {
          name: patch.name !== undefined ? patch.name : row.name,
          role: patch.role ?? (row.role as RoleId),
          planId: patch.planId !== undefined ? patch.planId : row.planId,
        };
        assertMayGrant(actor, next.role);
        if (next.planId !== null && next.role !== Role.student) {
          throw new AppError('bad-request', { fields: { planId: 'student-only' } });
        }
        await assertPlan(tx, next.planId);
        const link = await issueLink(tx, { email: row.email ?? '', ...next }, actor);
        await repo.updateInvite(tx, id, { ...next, ...link });
        await audit.record(tx, {
          actorId: actor.id,
          action: 'invite.update',
          objectId: id,
          before: { name: row.name, role: row.role, planId: row.planId, expiresAt: row.expiresAt?.toISOString() },
          after: { ...next, expiresAt: link.expiresAt.toISOString() },
        });
      });
      deps.outbox.kick();
      return requireInvite(db, id);
    },

    /** Revoking twice is harmless; a used invite cannot be revoked (the account exists: disable it instead). */
    async revoke(actor: AuthUser, id: number): Promise<Invite> {
      await db.transaction(async (tx) => {
        const row = await repo.findInviteForUpdate(tx, id);
        if (!row) throw new AppError('invite-not-found');
        if (row.status === InviteStatus.approved) throw new AppError('invite-used');
        if (row.status === InviteStatus.rejected) return;
        assertMayGrant(actor, row.role);
        await repo.updateInvite(tx, id, {
          status: InviteStatus.rejected,
          decidedBy: actor.id,
          decidedAt: clock.now(),
        });
        await audit.record(tx, {
          actorId: actor.id,
          action: 'invite.revoke',
          objectId: id,
          before: { status: 'pending' },
          after: { status: 'rejected' },
        });
      });
      return requireInvite(db, id);
    },

    async preview(token: string): Promise<InvitePreview> {
      const row = await usableByToken(db, token, false);
      const invite = await requireInvite(db, row.id);
      const plan = row.planId ? await deps.plans.findPlan(db, row.planId) : undefined;
      return {
        email: invite.email,
        name: invite.name,
        role: invite.role,
        inviterName: invite.inviterName,
        planWeeklyMinutes: plan?.weeklyMinutes ?? null,
        expiresAt: invite.expiresAt,
      };
    },

    /**
     * Registers the invitee with the invite's e-mail and role, once: the invite row is locked, so two requests
     * with the same link make one account (the second finds it used).
     */
    async accept(token: string, input: AcceptInviteInput, userAgent?: string): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const invite = await usableByToken(tx, token, true);
        const email = invite.email ?? '';
        if (await deps.users.findByEmail(tx, email)) throw new AppError('user-exists');
        const role = (invite.role ?? Role.student) as RoleId;
        const user = await deps.users.createAccount(tx, {
          role,
          name: input.name,
          email,
          passwordHash,
          phone: input.phone,
          // The link reached this address: the e-mail is proven.
          emailVerifiedAt: clock.now(),
        });
        if (invite.planId && invite.inviterId && (await deps.plans.findPlan(tx, invite.planId))) {
          await deps.plans.addInvite(tx, { userId: user.id, planId: invite.planId, createdBy: invite.inviterId });
        }
        await repo.updateInvite(tx, invite.id, {
          status: InviteStatus.approved,
          inviteeId: user.id,
          decidedAt: clock.now(),
        });
        return { token: await deps.auth.openSession(tx, user.id, userAgent), user: deps.users.toUser(user) };
      });
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
