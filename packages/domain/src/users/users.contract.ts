import { z } from 'zod';
import { AVATAR_MAX_BYTES, INTRO_VIDEO } from '../assets/assets.constants.ts';
import { AuditReason } from '../audit/audit.contract.ts';
import { IdParam, IdParams, textInt } from '../common/ids.ts';
import { PageQuery, pageOf, SearchText } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { NoticePeriodMinutes } from '../lessons/lessons.schemas.ts';
import { ROLE_GROUPS, ROLE_IDS, type RoleId } from './roles.ts';
import { EnglishLevelSchema, GenderSchema, GovernorateIdSchema, NotificationMethodSchema } from './users.enums.ts';
import { BirthYear, EgyptianMobile, Email, Password, PersonName, TutorAbout, TutorBio } from './users.schemas.ts';

export const RoleIdSchema = z.union(ROLE_IDS.map((id) => z.literal(id))) as unknown as z.ZodType<RoleId>;

/** A user as the API shows it (spec §3 User); never the password hash, only whether one exists. */
export const UserSchema = z.object({
  id: z.number().int(),
  role: RoleIdSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  governorate: z.number().int().nullable(),
  birthYear: z.number().int().nullable(),
  gender: GenderSchema.nullable(),
  image: z.string().nullable(),
  job: z.string().nullable(),
  creditScore: z.number().int(),
  notificationMethod: NotificationMethodSchema,
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  hasPassword: z.boolean(),
  profileCompleted: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Tutor meta (spec §3 Tutor), loaded for tutors and tutor managers. */
export const TutorMetaSchema = z.object({
  userId: z.number().int(),
  bio: z.string().nullable(),
  about: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  activated: z.boolean(),
  noticePeriodMinutes: z.number().int(),
  bypassOnboarding: z.boolean(),
  /** What the tutor still has to provide before completing the profile. */
  missingData: z.array(z.enum(['name', 'phone', 'verifiedEmail', 'verifiedPhone', 'bio', 'about', 'topics', 'image'])),
});
export type TutorMeta = z.infer<typeof TutorMetaSchema>;

export const SignedInSchema = z.object({ token: z.string(), user: UserSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;

export const RegisterRole = z.enum(['student', 'tutor']);

export const RegisterInput = z.strictObject({
  role: RegisterRole,
  name: PersonName,
  email: Email,
  password: Password,
  phone: EgyptianMobile.optional(),
  notificationMethod: NotificationMethodSchema.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const UpdateUserInput = z
  .strictObject({
    name: PersonName,
    phone: EgyptianMobile.nullable(),
    governorate: GovernorateIdSchema.nullable(),
    birthYear: BirthYear.nullable(),
    gender: GenderSchema.nullable(),
    job: z.string().trim().max(100).nullable(),
    email: Email,
    /** Tutor-only fields; refused for other roles. */
    bio: TutorBio,
    about: TutorAbout,
    noticePeriodMinutes: NoticePeriodMinutes,
    englishLevel: EnglishLevelSchema,
  })
  .partial();
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

/** A user as staff see them: the profile with the account's state. */
export const UserAccountSchema = UserSchema.extend({
  disabledAt: z.string().nullable(),
  /** Whether the person holds an active subscription now (students). */
  subscribed: z.boolean(),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;

export const USER_SORTS = ['newest', 'oldest', 'name', 'email'] as const;
export const USER_VERIFICATION_FILTERS = [
  'emailVerified',
  'emailUnverified',
  'phoneVerified',
  'phoneUnverified',
] as const;

/** Search (name, e-mail, phone or id), filters and order of the staff's user list. */
export const UserListQuery = PageQuery.extend({
  role: textInt(z.number().int().min(1).max(6)).optional(),
  q: SearchText.optional(),
  verification: z.enum(USER_VERIFICATION_FILTERS).optional(),
  activity: z.enum(['active', 'disabled']).optional(),
  subscription: z.enum(['active', 'none']).optional(),
  sort: z.enum(USER_SORTS).optional(),
}).strict();
export type UserListQuery = z.infer<typeof UserListQuery>;

export const AccountStatusInput = z.strictObject({ disabled: z.boolean(), reason: AuditReason });
export const MarkVerifiedInput = z.strictObject({ contact: z.enum(['email', 'phone']), reason: AuditReason });
export const ChangeRoleInput = z.strictObject({ role: RoleIdSchema, reason: AuditReason });

const AvatarUpload = { files: ['image'], maxBytes: AVATAR_MAX_BYTES } as const;

export const usersContract = {
  register: defineRoute({
    method: 'POST',
    path: '/api/v1/user/',
    summary: 'Register a student or tutor account',
    tags: ['user'],
    auth: 'public',
    body: RegisterInput,
    response: SignedInSchema,
    status: 201,
    errors: ['user-exists', 'api-invalid-user-name', 'bad-request', 'invalid-email-address', 'incorrect-phone'],
  }),
  current: defineRoute({
    method: 'GET',
    path: '/api/v1/user/current',
    summary: 'The signed-in user',
    tags: ['user'],
    auth: 'signedIn',
    response: UserSchema,
    errors: ['unauthenticated'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/user/list',
    summary: 'Users, paged (admins)',
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    query: UserListQuery,
    response: pageOf(UserAccountSchema),
    errors: ['forbidden'],
  }),
  account: defineRoute({
    method: 'GET',
    path: '/api/v1/user/:id/account',
    summary: "A person's account as staff see it: profile, disabled or not, subscribed or not (admins)",
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: UserAccountSchema,
    errors: ['user-not-found'],
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/v1/user/:id/status',
    summary: 'Disable an account (signed out everywhere at once) or enable it again (admins; admins: super admin)',
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: AccountStatusInput,
    response: UserAccountSchema,
    errors: ['user-not-found', 'forbidden', 'own-account', 'last-super-admin'],
  }),
  markVerified: defineRoute({
    method: 'POST',
    path: '/api/v1/user/:id/verified',
    summary: "Mark a person's e-mail or phone verified, with the reason (admins)",
    tags: ['user'],
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: MarkVerifiedInput,
    response: UserAccountSchema,
    errors: [
      'user-not-found',
      'forbidden',
      'own-account',
      'email-already-verified',
      'phone-already-verified',
      'phone-required',
    ],
  }),
  changeRole: defineRoute({
    method: 'PUT',
    path: '/api/v1/user/:id/role',
    summary: "Change a person's role (super admin only; never the last super admin)",
    tags: ['user'],
    auth: ['superAdmin'],
    params: IdParams,
    body: ChangeRoleInput,
    response: UserAccountSchema,
    errors: ['user-not-found', 'own-account', 'last-super-admin'],
  }),
  tutorMeta: defineRoute({
    method: 'GET',
    path: '/api/v1/user/tutor/meta',
    summary: "The signed-in tutor's profile meta",
    tags: ['user'],
    auth: ROLE_GROUPS.tutorLike,
    response: TutorMetaSchema,
    errors: ['tutor-not-found'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/user/:id',
    summary: 'A user (self or staff)',
    tags: ['user'],
    auth: 'signedIn',
    params: IdParams,
    response: UserSchema,
    errors: ['user-not-found', 'forbidden'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v1/user/:id',
    summary: 'Update a profile (self or admin)',
    tags: ['user'],
    auth: 'signedIn',
    params: IdParams,
    body: UpdateUserInput,
    response: UserSchema,
    errors: [
      'user-not-found',
      'forbidden',
      'user-exists',
      'api-invalid-user-name',
      'empty-request',
      'contact-change-needs-proof',
      'invalid-email-address',
      'incorrect-phone',
    ],
  }),
  uploadAvatar: defineRoute({
    method: 'PUT',
    path: '/api/v1/user/asset',
    summary: 'Upload an avatar image (JPG, PNG or GIF); the studio and admins may pass forUser',
    tags: ['user'],
    auth: 'signedIn',
    query: z.strictObject({ forUser: IdParam.optional() }),
    multipart: AvatarUpload,
    response: UserSchema,
    errors: ['large-file-size', 'unsupported-file-type', 'forbidden', 'user-not-found'],
  }),
  uploadTutorAssets: defineRoute({
    method: 'PUT',
    path: '/api/v1/user/asset/tutor',
    summary: "Upload a tutor's photo, intro video or thumbnail (studio and admins)",
    tags: ['user'],
    auth: ROLE_GROUPS.studioStaff,
    query: z.strictObject({ tutorId: IdParam }),
    multipart: { files: ['image', 'video', 'thumbnail'], maxBytes: INTRO_VIDEO.maxBytes },
    response: TutorMetaSchema,
    errors: ['large-file-size', 'unsupported-file-type', 'unplayable-video', 'tutor-not-found'],
  }),
} as const;
