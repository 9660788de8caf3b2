import { z } from 'zod';
import { Id, IdParams } from '../common/ids.ts';
import { PageQuery, pageOf, SearchText } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS, Role, type RoleId } from '../users/roles.ts';
import { RoleIdSchema, SignedInSchema } from '../users/users.contract.ts';
import { EgyptianMobile, Email, Password, PersonName } from '../users/users.schemas.ts';
import { InviteStatusSchema } from './invites.enums.ts';

/** An invite link lasts this long (DESIGN §4 staff accounts). */
export const INVITE_VALID_DAYS = 7;

/** Roles only a super admin may invite someone with or give someone (DESIGN §4 "manage admins"). */
export const isAdminGrant = (role: RoleId) => role === Role.superAdmin || role === Role.admin;

/** What the list shows: the stored status, with a pending invite past its expiry shown as expired. */
export const InviteStateSchema = z.enum(['pending', 'approved', 'rejected', 'expired']);
export type InviteState = z.infer<typeof InviteStateSchema>;

export const InviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: RoleIdSchema,
  /** A plan invite the new student receives with the account. */
  planId: z.number().int().nullable(),
  status: InviteStatusSchema,
  state: InviteStateSchema,
  inviterId: z.number().int().nullable(),
  inviterName: z.string().nullable(),
  inviteeId: z.number().int().nullable(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

/** An invitation as its link shows it, before registering. */
export const InvitePreviewSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: RoleIdSchema,
  inviterName: z.string().nullable(),
  planWeeklyMinutes: z.number().int().nullable(),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const InviteInput = z
  .strictObject({
    email: Email,
    name: PersonName.optional(),
    role: RoleIdSchema,
    planId: Id.optional(),
  })
  .refine((input) => input.planId === undefined || input.role === Role.student, {
    message: 'student-only',
    path: ['planId'],
  });
export type InviteInput = z.infer<typeof InviteInput>;

/** Edits a pending (or expired) invite; it is sent again with a new link valid for another week. */
export const InvitePatch = z
  .strictObject({ name: PersonName.nullable(), role: RoleIdSchema, planId: Id.nullable() })
  .partial();
export type InvitePatch = z.infer<typeof InvitePatch>;

export const InviteListQuery = PageQuery.extend({
  state: InviteStateSchema.optional(),
  q: SearchText.optional(),
}).strict();

/** The token of an invite link: 43 URL-safe base64 characters (32 random bytes). */
export const InviteTokenParams = z.strictObject({ token: z.string().regex(/^[\w-]{43}$/, 'invalid') });

export const AcceptInviteInput = z.strictObject({
  name: PersonName,
  password: Password,
  phone: EgyptianMobile.optional(),
});
export type AcceptInviteInput = z.infer<typeof AcceptInviteInput>;

const invite = { tags: ['invite'] } as const;
const TOKEN_ERRORS = ['invite-not-found', 'invite-used', 'invite-revoked', 'invite-expired'] as const;

/** INVITE of spec §7: how staff accounts (and invited students) are made. */
export const invitesContract = {
  create: defineRoute({
    ...invite,
    method: 'POST',
    path: '/api/v1/invite',
    summary: 'Invite a person by e-mail with a role (admin roles: super admin only); the link is e-mailed',
    auth: ROLE_GROUPS.admins,
    body: InviteInput,
    response: InviteSchema,
    status: 201,
    errors: ['forbidden', 'user-exists', 'plan-not-found', 'invalid-email-address'],
  }),
  list: defineRoute({
    ...invite,
    method: 'GET',
    path: '/api/v1/invite/list',
    summary: 'Invites, newest first, by state or e-mail (admins)',
    auth: ROLE_GROUPS.admins,
    query: InviteListQuery,
    response: pageOf(InviteSchema),
    errors: [],
  }),
  preview: defineRoute({
    ...invite,
    method: 'GET',
    path: '/api/v1/invite/token/:token',
    summary: 'What an invite link offers: who invited, the e-mail and the role',
    auth: 'public',
    params: InviteTokenParams,
    response: InvitePreviewSchema,
    errors: [...TOKEN_ERRORS],
  }),
  accept: defineRoute({
    ...invite,
    method: 'POST',
    path: '/api/v1/invite/token/:token',
    summary: "Register from an invite link with the invite's e-mail and role (once)",
    auth: 'public',
    params: InviteTokenParams,
    body: AcceptInviteInput,
    response: SignedInSchema,
    status: 201,
    errors: [...TOKEN_ERRORS, 'user-exists', 'api-invalid-user-name', 'incorrect-phone'],
  }),
  get: defineRoute({
    ...invite,
    method: 'GET',
    path: '/api/v1/invite/:id',
    summary: 'An invite (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: InviteSchema,
    errors: ['invite-not-found'],
  }),
  update: defineRoute({
    ...invite,
    method: 'PUT',
    path: '/api/v1/invite/:id',
    summary: 'Edit an unused invite and send it again with a new link valid for 7 days (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: InvitePatch,
    response: InviteSchema,
    errors: ['invite-not-found', 'invite-used', 'invite-revoked', 'forbidden', 'plan-not-found'],
  }),
  revoke: defineRoute({
    ...invite,
    method: 'DELETE',
    path: '/api/v1/invite/:id',
    summary: 'Revoke an unused invite: its link stops working (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: InviteSchema,
    errors: ['invite-not-found', 'invite-used', 'forbidden'],
  }),
} as const;
