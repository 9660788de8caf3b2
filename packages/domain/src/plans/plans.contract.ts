import { z } from 'zod';
import { Id, IdParam, IdParams, Ok } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import {
  CouponCheckParams,
  CouponCheckQuery,
  CouponCheckSchema,
  CouponInput,
  CouponListQuery,
  CouponSchema,
} from './coupons.schemas.ts';
import { PlanInput, PlanInviteSchema, PlanListQuery, PlanPatch, PlanSchema, RemovalSchema } from './plans.schemas.ts';

const plan = { tags: ['plan'] } as const;

/** PLAN of spec §7. Plans for invites only are shown to invited users and staff alone. */
export const plansContract = {
  create: defineRoute({
    ...plan,
    method: 'POST',
    path: '/api/v1/plan',
    summary: 'Create a plan (admins)',
    auth: ROLE_GROUPS.admins,
    body: PlanInput,
    response: PlanSchema,
    status: 201,
    errors: [],
  }),
  list: defineRoute({
    ...plan,
    method: 'GET',
    path: '/api/v1/plan/list',
    summary: 'Plans offered to the caller with their period prices (admins: all, by state)',
    auth: 'public',
    query: PlanListQuery,
    response: pageOf(PlanSchema),
    errors: [],
  }),
  get: defineRoute({
    ...plan,
    method: 'GET',
    path: '/api/v1/plan/:id',
    summary: 'A plan with its period prices',
    auth: 'public',
    params: IdParams,
    response: PlanSchema,
    errors: ['plan-not-found'],
  }),
  update: defineRoute({
    ...plan,
    method: 'PATCH',
    path: '/api/v1/plan/:id',
    summary: 'Edit a plan (admins); what was sold keeps its minutes and price',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: PlanPatch,
    response: PlanSchema,
    errors: ['plan-not-found', 'empty-request'],
  }),
  remove: defineRoute({
    ...plan,
    method: 'DELETE',
    path: '/api/v1/plan/:id',
    summary: 'Delete an unsold plan, or deactivate a sold one (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: RemovalSchema,
    errors: ['plan-not-found'],
  }),
} as const;

const invite = { tags: ['plan-invite'] } as const;

export const PlanInviteInput = z.strictObject({ planId: Id, userId: Id });
export const PlanInvitePatch = z.strictObject({ id: Id, planId: Id.optional(), userId: Id.optional() });
export const PlanInviteListQuery = PageQuery.extend({
  planId: IdParam.optional(),
  userId: IdParam.optional(),
}).strict();

/** PLAN INVITE of spec §7: staff give a student access to a plan for invites only. */
export const planInvitesContract = {
  list: defineRoute({
    ...invite,
    method: 'GET',
    path: '/api/v1/plan-invite/list',
    summary: 'Plan invites, by plan or user (admins)',
    auth: ROLE_GROUPS.admins,
    query: PlanInviteListQuery,
    response: pageOf(PlanInviteSchema),
    errors: [],
  }),
  create: defineRoute({
    ...invite,
    method: 'POST',
    path: '/api/v1/plan-invite',
    summary: 'Invite a student to a plan (admins)',
    auth: ROLE_GROUPS.admins,
    body: PlanInviteInput,
    response: PlanInviteSchema,
    status: 201,
    errors: ['plan-not-found', 'student-not-found', 'plan-invite-exists'],
  }),
  update: defineRoute({
    ...invite,
    method: 'PATCH',
    path: '/api/v1/plan-invite',
    summary: 'Move an invite to another plan or student (admins)',
    auth: ROLE_GROUPS.admins,
    body: PlanInvitePatch,
    response: PlanInviteSchema,
    errors: ['plan-invite-not-found', 'plan-not-found', 'student-not-found', 'plan-invite-exists', 'empty-request'],
  }),
  remove: defineRoute({
    ...invite,
    method: 'DELETE',
    path: '/api/v1/plan-invite/:id',
    summary: 'Withdraw a plan invite (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: Ok,
    errors: ['plan-invite-not-found'],
  }),
} as const;

const coupon = { tags: ['coupon'] } as const;

/** COUPON of spec §7. */
export const couponsContract = {
  create: defineRoute({
    ...coupon,
    method: 'POST',
    path: '/api/v1/coupon',
    summary: 'Create a coupon (admins)',
    auth: ROLE_GROUPS.admins,
    body: CouponInput,
    response: CouponSchema,
    status: 201,
    errors: ['coupon-exists', 'plan-not-found', 'illegal'],
  }),
  list: defineRoute({
    ...coupon,
    method: 'GET',
    path: '/api/v1/coupon/list',
    summary: 'Coupons, newest first (admins)',
    auth: ROLE_GROUPS.admins,
    query: CouponListQuery,
    response: pageOf(CouponSchema),
    errors: [],
  }),
  check: defineRoute({
    ...coupon,
    method: 'GET',
    path: '/api/v1/coupon/code/:code',
    summary: 'Check a coupon code at checkout; with planId and period it prices the checkout',
    auth: 'signedIn',
    params: CouponCheckParams,
    query: CouponCheckQuery,
    response: CouponCheckSchema,
    errors: ['coupon-not-found', 'coupon-expired', 'invalid-coupon', 'plan-not-found', 'plan-not-offered'],
  }),
  get: defineRoute({
    ...coupon,
    method: 'GET',
    path: '/api/v1/coupon/:id',
    summary: 'A coupon (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: CouponSchema,
    errors: ['coupon-not-found'],
  }),
  update: defineRoute({
    ...coupon,
    method: 'PUT',
    path: '/api/v1/coupon/:id',
    summary: 'Replace a coupon (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: CouponInput,
    response: CouponSchema,
    errors: ['coupon-not-found', 'coupon-exists', 'plan-not-found', 'illegal'],
  }),
  remove: defineRoute({
    ...coupon,
    method: 'DELETE',
    path: '/api/v1/coupon/:id',
    summary: 'Delete an unused coupon, or deactivate a used one (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: RemovalSchema,
    errors: ['coupon-not-found'],
  }),
} as const;
