import { z } from 'zod';
import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { RegisterRole, SignedInSchema } from '../users/users.contract.ts';
import { Password } from '../users/users.schemas.ts';

export const PasswordSignInInput = z.strictObject({
  email: z.string().trim().toLowerCase().min(3).max(254),
  password: z.string().min(1).max(200),
});
export type PasswordSignInInput = z.infer<typeof PasswordSignInInput>;

/** A Google ID token (GIS `credential`); a first sign-in creates the account with the given role. */
export const GoogleSignInInput = z.strictObject({
  credential: z.string().min(20).max(4096),
  role: RegisterRole.optional(),
});
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>;

/** The current password is only checked for presence: accounts made before a rule changed must still change it. */
export const ChangePasswordInput = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const TokenSchema = z.object({ token: z.string() });

export const authContract = {
  password: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password',
    summary: 'Sign in with e-mail and password',
    tags: ['auth'],
    auth: 'public',
    body: PasswordSignInInput,
    response: SignedInSchema,
    errors: ['wrong-password', 'no-password', 'account-disabled', 'too-many-requests'],
  }),
  google: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/google',
    summary: 'Sign in (or register) with a Google ID token',
    tags: ['auth'],
    auth: 'public',
    body: GoogleSignInInput,
    response: SignedInSchema,
    errors: ['invalid-google-token', 'account-disabled', 'too-many-requests'],
  }),
  refreshToken: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/refresh-token',
    summary: 'Exchange a valid bearer token for a fresh one',
    tags: ['auth'],
    auth: 'signedIn',
    response: TokenSchema,
    errors: ['unauthenticated'],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/logout',
    summary: 'Revoke the bearer token on the server',
    tags: ['auth'],
    auth: 'signedIn',
    response: Ok,
    errors: ['unauthenticated'],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/v1/auth/change-password',
    summary: "Change the signed-in user's password with the current one; signs out every other device",
    tags: ['auth'],
    auth: 'signedIn',
    body: ChangePasswordInput,
    response: Ok,
    errors: ['unauthenticated', 'wrong-password', 'no-password', 'too-many-requests'],
  }),
} as const;
