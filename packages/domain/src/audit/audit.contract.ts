import { z } from 'zod';
import { IdParam } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';

/** The kinds of object a staff action changes (the audit log's `objectType`). */
export const AUDIT_OBJECT_TYPES = [
  'user',
  'invite',
  'plan',
  'planInvite',
  'coupon',
  'topic',
  'transaction',
  'settings',
  'cache',
  'tutor',
  'lesson',
  'subscription',
] as const;
export const AuditObjectTypeSchema = z.enum(AUDIT_OBJECT_TYPES);
export type AuditObjectType = z.infer<typeof AuditObjectTypeSchema>;

/** Every staff action that changes something, named `<object>.<verb>`. */
export const AUDIT_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.verify-email',
  'user.verify-phone',
  'user.change-role',
  'invite.create',
  'invite.update',
  'invite.revoke',
  'plan.create',
  'plan.update',
  'plan.remove',
  'planInvite.create',
  'planInvite.update',
  'planInvite.remove',
  'coupon.create',
  'coupon.update',
  'coupon.remove',
  'topic.create',
  'topic.update',
  'topic.remove',
  'transaction.refund',
  'settings.update',
  'cache.flush',
  'tutor.update-terms',
  'tutor.activate',
  'tutor.deactivate',
  'lesson.cancel',
  'subscription.end-pause',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** The object type an action is about: the part of its name before the dot. */
export const auditObjectOf = (action: AuditAction): AuditObjectType => action.split('.')[0] as AuditObjectType;

/** A changed object's fields before and after (only those the action touched). */
export const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: AuditActionSchema,
  objectType: AuditObjectTypeSchema,
  objectId: z.number().int().nullable(),
  /** The person the change is about (the account, a refund's payer, a plan invite's student). */
  userId: z.number().int().nullable(),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListQuery = PageQuery.extend({
  objectType: AuditObjectTypeSchema.optional(),
  objectId: IdParam.optional(),
  actorId: IdParam.optional(),
  /** Every change about this person: their account, their payments, their invites. */
  userId: IdParam.optional(),
  action: AuditActionSchema.optional(),
}).strict();
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** A reason staff give for a change about a person (kept in the audit log). */
export const AuditReason = z.string().trim().min(3, 'reason-length').max(500, 'reason-length');

export const auditContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/audit-log/list',
    summary: "Staff actions, newest first, by object, actor or action (admins); an object's history",
    tags: ['audit-log'],
    auth: ROLE_GROUPS.admins,
    query: AuditListQuery,
    response: pageOf(AuditEntrySchema),
    errors: [],
  }),
} as const;
