import { offsetOf, type PageQuery } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type Coupon,
  type CouponCheck,
  type CouponInput,
  CouponStatus,
  fullPeriodPricePiastres,
  installmentOptions,
  isCouponOffered,
  nextCouponStatus,
  type PaidPeriod,
  PERIOD_MONTHS,
  PERIOD_WEEKS,
  type Plan,
  type PlanInput,
  type PlanInvite,
  type PlanPatch,
  type PlanPeriod,
  type PriceQuote,
  periodDiscountPercent,
  periodPricePiastres,
  priceQuote,
  type Removal,
} from '@darsak/domain/plans';
import { isAdminRole, Role } from '@darsak/domain/users';
import { type InvalidationBus, memoryInvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import { createSharedCache } from '../../platform/cache/shared-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './plans.repo.ts';
import type { Coupon as CouponRow, Plan as PlanRow } from './plans.table.ts';

export interface PlansDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById'>;
  /** Whether the student ever had a free trial (the subscriptions module's record). */
  freeTrialUsed: (db: Db, studentId: number) => Promise<boolean>;
  /** The `freeTrialWeeks` platform setting, told with the plans whose trial the student may start. */
  freeTrialWeeks: () => Promise<number>;
  /** Every change staff make to plans, plan invites and coupons is written to the audit log. */
  audit: AuditRecorder;
  /** Tells every instance to forget the visitors' plan list (its memory bus by default: one instance). */
  bus?: InvalidationBus;
}

/** How long an instance keeps the visitors' plan list unless a plan change is told sooner. */
const VISITOR_PLANS_TTL_MS = 30_000;

const paging = (query: PageQuery) => ({ limit: query.size, offset: offsetOf(query) });

export type { PlanRow };

/** What a checkout charges: the plan, the priced period and the coupon that was applied. */
export interface CheckoutQuote {
  plan: PlanRow;
  quote: PriceQuote;
  couponId: number | null;
}

/** `freeTrialWeeks`: the weeks of the trial the viewer may start, or null when they may not. */
function toPlan(row: PlanRow, freeTrialWeeks: number | null = null): Plan {
  const price = (period: PaidPeriod) => ({
    months: PERIOD_MONTHS[period],
    weeks: PERIOD_WEEKS[period],
    fullPricePiastres: fullPeriodPricePiastres(row, period),
    discountPercent: periodDiscountPercent(row, period),
    pricePiastres: periodPricePiastres(row, period),
    installmentOptions: installmentOptions(row.installments),
  });
  return {
    id: row.id,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    weeklyMinutes: row.weeklyMinutes,
    baseMonthPricePiastres: row.baseMonthPricePiastres,
    monthDiscountPercent: row.monthDiscountPercent,
    quarterDiscountPercent: row.quarterDiscountPercent,
    yearDiscountPercent: row.yearDiscountPercent,
    prices: { month: price('month'), quarter: price('quarter'), year: price('year') },
    state: row.state,
    forInvitesOnly: row.forInvitesOnly,
    installments: row.installments,
    freeTrialAvailable: freeTrialWeeks !== null,
    freeTrialWeeks,
    createdAt: row.createdAt.toISOString(),
  };
}

const toInvite = (row: repo.PlanInviteRow): PlanInvite => ({
  id: row.id,
  planId: row.planId,
  userId: row.userId,
  userName: row.userName,
  userEmail: row.userEmail,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  discountPercent: row.discountPercent,
  discountPiastres: row.discountPiastres,
  maxDiscountPiastres: row.maxDiscountPiastres,
  planId: row.planId,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  status: row.status as Coupon['status'],
  createdAt: row.createdAt.toISOString(),
});

/** The values a change is about to replace: the record's fields named in the change. */
function fieldsOf(record: object, change: object): Record<string, unknown> {
  const values = record as Record<string, unknown>;
  return Object.fromEntries(Object.keys(change).map((key) => [key, values[key] ?? null]));
}

/** Plans, plan invites and coupons (spec PLAN, PLAN INVITE, COUPON); prices come from the domain's pricing. */
/** Every use of the coupon is taken or held by a checkout not yet paid. */
const usedUp = () => new AppError('invalid-coupon', { fields: { couponCode: 'coupon-used-up' } });

export function createPlansService(deps: PlansDeps) {
  const { db, clock } = deps;
  const isStaff = (actor: AuthUser | null) => actor !== null && isAdminRole(actor.role);
  const visitorPlans = createSharedCache<Awaited<ReturnType<typeof repo.listPlans>>>(
    deps.bus ?? memoryInvalidationBus(),
    'public-plans',
    VISITOR_PLANS_TTL_MS,
  );

  async function requirePlan(tx: Db, id: number): Promise<PlanRow> {
    const plan = await repo.findPlan(tx, id);
    if (!plan) throw new AppError('plan-not-found');
    return plan;
  }

  /** Whether the caller may see the plan: staff always; others when active and open to all or invited. */
  async function isVisible(tx: Db, actor: AuthUser | null, plan: PlanRow): Promise<boolean> {
    if (isStaff(actor)) return true;
    if (plan.state !== 'active') return false;
    return !plan.forInvitesOnly || (actor !== null && (await repo.hasInvite(tx, actor.id, plan.id)));
  }

  /** Of these plans, those whose free trial the caller may start: a student invited to them, with no trial yet. */
  async function freeTrialPlanIds(tx: Db, actor: AuthUser | null, planIds: number[]): Promise<Set<number>> {
    if (actor?.role !== Role.student || planIds.length === 0) return new Set();
    if (await deps.freeTrialUsed(tx, actor.id)) return new Set();
    return repo.invitedPlanIds(tx, actor.id, planIds);
  }

  async function requireStudent(tx: Db, userId: number) {
    const user = await deps.users.findById(tx, userId);
    if (!user || user.role !== Role.student) throw new AppError('student-not-found');
  }

  async function requireInvite(tx: Db, id: number) {
    const invite = await repo.findInvite(tx, id);
    if (!invite) throw new AppError('plan-invite-not-found');
    return invite;
  }

  /** The coupon behind a code if a checkout of this plan may use it now, else its refusal. */
  async function usableCoupon(tx: Db, code: string, planId: number | null): Promise<CouponRow> {
    const coupon = await repo.findCouponByCode(tx, code);
    if (!coupon) throw new AppError('coupon-not-found');
    if (coupon.expiresAt && coupon.expiresAt <= clock.now()) throw new AppError('coupon-expired');
    const otherPlan = planId !== null && coupon.planId !== null && coupon.planId !== planId;
    if (!isCouponOffered(coupon.status as CouponStatus) || otherPlan) throw new AppError('invalid-coupon');
    if (coupon.usageLimit !== null && coupon.usedCount + coupon.reservedCount >= coupon.usageLimit) throw usedUp();
    return coupon;
  }

  function assertExpiryAhead(expiresAt: string | null | undefined) {
    if (expiresAt && new Date(expiresAt) <= clock.now()) {
      throw new AppError('bad-request', { fields: { expiresAt: 'coupon-expiry-past' } });
    }
  }

  /** The coupon's fields as written; its status is the machine's (coupons.machine.ts), set by the caller. */
  const couponValues = (input: CouponInput) => ({
    code: input.code,
    discountPercent: input.discountPercent ?? null,
    discountPiastres: input.discountPiastres ?? null,
    maxDiscountPiastres: input.maxDiscountPiastres ?? null,
    planId: input.planId ?? null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    usageLimit: input.usageLimit ?? null,
  });

  /** The plan a student may buy: unknown is `plan-not-found`, hidden or inactive is `plan-not-offered`. */
  async function offeredPlan(tx: Db, actor: AuthUser, planId: number): Promise<PlanRow> {
    const plan = await requirePlan(tx, planId);
    if (!(await isVisible(tx, actor, plan))) throw new AppError('plan-not-offered');
    return plan;
  }

  async function quoteFor(tx: Db, plan: PlanRow, period: PlanPeriod, code: string | undefined) {
    if (!code) return { quote: priceQuote(plan, period), couponId: null };
    const coupon = await usableCoupon(tx, code, plan.id);
    const quote = priceQuote(plan, period, coupon);
    // A coupon that takes nothing off this price is refused, saying so, rather than silently ignored.
    if (quote.couponDiscountPiastres === 0) {
      throw new AppError('invalid-coupon', { fields: { couponCode: 'coupon-no-discount' } });
    }
    return { quote, couponId: coupon.id };
  }

  /** A plan change's transaction; once it commits, every instance forgets the visitors' list. */
  async function changingPlans<T>(change: Promise<T>): Promise<T> {
    const result = await change;
    await visitorPlans.forget();
    return result;
  }

  return {
    toPlan,
    offeredPlan,

    /**
     * Prices a checkout on the server (the client never sends an amount), inside the caller's transaction, and
     * holds a use of its coupon: a checkout that would pass the coupon's limit is refused here, never discounted.
     */
    async checkoutQuote(
      tx: Db,
      actor: AuthUser,
      input: { planId: number; period: PlanPeriod; couponCode?: string | undefined },
    ): Promise<CheckoutQuote> {
      const plan = await offeredPlan(tx, actor, input.planId);
      const priced = await quoteFor(tx, plan, input.period, input.couponCode);
      if (priced.couponId !== null && !(await repo.reserveCouponUse(tx, priced.couponId))) {
        throw usedUp();
      }
      return { plan, ...priced };
    },

    hasInvite: (tx: Db, userId: number, planId: number) => repo.hasInvite(tx, userId, planId),
    findPlan: (tx: Db, planId: number) => repo.findPlan(tx, planId),
    /** A plan invite made by another module's transaction (an accepted invite to join as a student). */
    addInvite: (tx: Db, values: { userId: number; planId: number; createdBy: number }) => repo.insertInvite(tx, values),
    countCouponUse: (tx: Db, couponId: number) => repo.countCouponUse(tx, couponId),
    settleCouponReservation: (tx: Db, couponId: number, paid: boolean) =>
      repo.settleCouponReservation(tx, couponId, paid),

    async list(actor: AuthUser | null, query: PageQuery & { state?: 'active' | 'inactive' | undefined }) {
      const everything = isStaff(actor);
      const filter = { ...paging(query), everything, viewerId: actor?.id ?? null };
      // A visitor's list is the same for every visitor: kept in memory until a plan changes.
      const { rows, total } = actor
        ? await repo.listPlans(db, { ...filter, state: everything ? query.state : undefined })
        : await visitorPlans.get(`${query.page}:${query.size}`, () => repo.listPlans(db, filter));
      const trials = await freeTrialPlanIds(
        db,
        actor,
        rows.map((row) => row.id),
      );
      const weeks = await deps.freeTrialWeeks();
      return { total, list: rows.map((row) => toPlan(row, trials.has(row.id) ? weeks : null)) };
    },

    async get(actor: AuthUser | null, id: number): Promise<Plan> {
      const plan = await repo.findPlan(db, id);
      if (!plan || !(await isVisible(db, actor, plan))) throw new AppError('plan-not-found');
      const trial = (await freeTrialPlanIds(db, actor, [plan.id])).has(plan.id);
      return toPlan(plan, trial ? await deps.freeTrialWeeks() : null);
    },

    async create(actor: AuthUser, input: PlanInput): Promise<Plan> {
      return changingPlans(
        db.transaction(async (tx) => {
          const plan = await repo.insertPlan(tx, input);
          await deps.audit.record(tx, { actorId: actor.id, action: 'plan.create', objectId: plan.id, after: input });
          return toPlan(plan);
        }),
      );
    },

    async update(actor: AuthUser, id: number, patch: PlanPatch): Promise<Plan> {
      if (Object.keys(patch).length === 0) throw new AppError('empty-request');
      return changingPlans(
        db.transaction(async (tx) => {
          const before = await requirePlan(tx, id);
          const plan = await repo.updatePlan(tx, id, patch);
          if (!plan) throw new AppError('plan-not-found');
          await deps.audit.record(tx, {
            actorId: actor.id,
            action: 'plan.update',
            objectId: id,
            before: fieldsOf(before, patch),
            after: patch,
          });
          return toPlan(plan);
        }),
      );
    },

    async remove(actor: AuthUser, id: number): Promise<Removal> {
      return changingPlans(
        db.transaction(async (tx) => {
          const before = await requirePlan(tx, id);
          const outcome = await repo.deleteOrDeactivatePlan(tx, id);
          await deps.audit.record(tx, {
            actorId: actor.id,
            action: 'plan.remove',
            objectId: id,
            before: { state: before.state },
            after: { outcome },
          });
          return { id, outcome };
        }),
      );
    },

    async listInvites(query: PageQuery & { planId?: number | undefined; userId?: number | undefined }) {
      const { rows, total } = await repo.listInvites(db, {
        ...paging(query),
        planId: query.planId,
        userId: query.userId,
      });
      return { total, list: rows.map(toInvite) };
    },

    async createInvite(actor: AuthUser, input: { planId: number; userId: number }): Promise<PlanInvite> {
      return db.transaction(async (tx) => {
        await requirePlan(tx, input.planId);
        await requireStudent(tx, input.userId);
        const id = await repo.insertInvite(tx, { ...input, createdBy: actor.id });
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'planInvite.create',
          objectId: id,
          subjectUserId: input.userId,
          after: input,
        });
        return toInvite(await requireInvite(tx, id));
      });
    },

    async updateInvite(
      actor: AuthUser,
      input: { id: number; planId?: number | undefined; userId?: number | undefined },
    ) {
      const { id, ...changes } = input;
      if (changes.planId === undefined && changes.userId === undefined) throw new AppError('empty-request');
      return db.transaction(async (tx) => {
        const before = await requireInvite(tx, id);
        if (changes.planId !== undefined) await requirePlan(tx, changes.planId);
        if (changes.userId !== undefined) await requireStudent(tx, changes.userId);
        await repo.updateInvite(tx, id, {
          ...(changes.planId !== undefined ? { planId: changes.planId } : {}),
          ...(changes.userId !== undefined ? { userId: changes.userId } : {}),
        });
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'planInvite.update',
          objectId: id,
          subjectUserId: changes.userId ?? before.userId,
          before: { planId: before.planId, userId: before.userId },
          after: changes,
        });
        return toInvite(await requireInvite(tx, id));
      });
    },

    async removeInvite(actor: AuthUser, id: number) {
      return db.transaction(async (tx) => {
        const before = await requireInvite(tx, id);
        if (!(await repo.deleteInvite(tx, id))) throw new AppError('plan-invite-not-found');
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'planInvite.remove',
          objectId: id,
          subjectUserId: before.userId,
          before: { planId: before.planId, userId: before.userId },
        });
        return { ok: true as const };
      });
    },

    async listCoupons(query: PageQuery & { code?: string | undefined }) {
      const { rows, total } = await repo.listCoupons(db, { ...paging(query), code: query.code });
      return { total, list: rows.map(toCoupon) };
    },

    async getCoupon(id: number): Promise<Coupon> {
      const coupon = await repo.findCoupon(db, id);
      if (!coupon) throw new AppError('coupon-not-found');
      return toCoupon(coupon);
    },

    async createCoupon(actor: AuthUser, input: CouponInput): Promise<Coupon> {
      assertExpiryAhead(input.expiresAt);
      return db.transaction(async (tx) => {
        if (input.planId) await requirePlan(tx, input.planId);
        const status = nextCouponStatus(null, input.status ?? CouponStatus.approved);
        const coupon = await repo.insertCoupon(tx, { ...couponValues(input), status, createdBy: actor.id });
        await deps.audit.record(tx, { actorId: actor.id, action: 'coupon.create', objectId: coupon.id, after: input });
        return toCoupon(coupon);
      });
    },

    /** Replaces a coupon; its status moves only as the machine allows (`illegal` otherwise), and stays if not given. */
    async updateCoupon(actor: AuthUser, id: number, input: CouponInput): Promise<Coupon> {
      assertExpiryAhead(input.expiresAt);
      return db.transaction(async (tx) => {
        if (input.planId) await requirePlan(tx, input.planId);
        const before = await repo.lockCoupon(tx, id);
        if (!before) throw new AppError('coupon-not-found');
        const from = before.status as CouponStatus;
        const status = nextCouponStatus(from, input.status ?? from);
        const coupon = await repo.updateCoupon(tx, id, { ...couponValues(input), status });
        if (!coupon) throw new AppError('coupon-not-found');
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'coupon.update',
          objectId: id,
          before: fieldsOf(toCoupon(before), input),
          after: input,
        });
        return toCoupon(coupon);
      });
    },

    async removeCoupon(actor: AuthUser, id: number): Promise<Removal> {
      return db.transaction(async (tx) => {
        const before = await repo.findCoupon(tx, id);
        if (!before) throw new AppError('coupon-not-found');
        const outcome = await repo.deleteOrDeactivateCoupon(tx, id);
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'coupon.remove',
          objectId: id,
          before: { code: before.code },
          after: { outcome },
        });
        return { id, outcome };
      });
    },

    /** The checkout's coupon check; with a plan and period it prices the checkout too. */
    async checkCoupon(
      actor: AuthUser,
      code: string,
      query: { planId?: number | undefined; period?: PaidPeriod | undefined },
    ): Promise<CouponCheck> {
      const plan = query.planId ? await offeredPlan(db, actor, query.planId) : null;
      const coupon = await usableCoupon(db, code, plan?.id ?? null);
      const quote = plan && query.period ? (await quoteFor(db, plan, query.period, code)).quote : null;
      return {
        code: coupon.code,
        discountPercent: coupon.discountPercent,
        discountPiastres: coupon.discountPiastres,
        maxDiscountPiastres: coupon.maxDiscountPiastres,
        planId: coupon.planId,
        expiresAt: coupon.expiresAt?.toISOString() ?? null,
        quote,
      };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
