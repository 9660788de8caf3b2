import { z } from 'zod';
import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { UserSchema } from '../users/users.contract.ts';
import { EgyptianMobile, Email, Password } from '../users/users.schemas.ts';
import { VerificationCode } from './verification.rules.ts';

/** Where a code went, so the screen can say "sent to your WhatsApp 010…78". */
export const CodeSentSchema = z.object({
  channel: z.enum(['email', 'whatsapp', 'telegram']),
  target: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInMinutes: z.number().int(),
});
export type CodeSent = z.infer<typeof CodeSentSchema>;

export const PhoneCodeInput = z.strictObject({ method: z.enum(['whatsapp', 'telegram']).optional() });
export const CodeInput = z.strictObject({ code: VerificationCode });
export const PasswordCodeInput = z.strictObject({ email: Email });
export const PasswordCodeCheckInput = z.strictObject({ email: Email, code: VerificationCode });
export const PasswordResetInput = z.strictObject({ email: Email, code: VerificationCode, password: Password });

/**
 * Proof that the account's owner asks for a contact change, not just someone holding its session: the current
 * password, or for an account without one a Google ID token of its own Google account (a fresh sign-in).
 */
const ContactChangeProof = {
  currentPassword: z.string().max(128).optional(),
  googleCredential: z.string().max(4096).optional(),
};
export const EmailChangeInput = z.strictObject({ email: Email, ...ContactChangeProof });
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;
export const PhoneChangeInput = z.strictObject({
  phone: EgyptianMobile,
  method: z.enum(['whatsapp', 'telegram']).optional(),
  ...ContactChangeProof,
});
export type PhoneChangeInput = z.infer<typeof PhoneChangeInput>;

const common = { tags: ['confirmation-code'] } as const;

export const verificationContract = {
  phoneSend: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/phone/send',
    summary: 'Send a 5-digit code to the phone by WhatsApp or Telegram',
    auth: 'signedIn',
    body: PhoneCodeInput,
    response: CodeSentSchema,
    errors: [
      'phone-required',
      'phone-already-verified',
      'unresolved-phone',
      'verification-code-cooldown',
      'too-many-requests',
    ],
  }),
  phoneVerify: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/phone/verify',
    summary: 'Verify the phone with its code',
    auth: 'signedIn',
    body: CodeInput,
    response: UserSchema,
    errors: ['expired-verification-code', 'invalid-verification-code', 'phone-already-verified'],
  }),
  emailSend: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/email/send',
    summary: 'Send a 5-digit code by e-mail',
    auth: 'signedIn',
    body: z.strictObject({}),
    response: CodeSentSchema,
    errors: ['email-already-verified', 'verification-code-cooldown', 'too-many-requests'],
  }),
  emailConfirm: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/email/confirm',
    summary: 'Confirm the e-mail with its code',
    auth: 'signedIn',
    body: CodeInput,
    response: UserSchema,
    errors: ['expired-verification-code', 'invalid-verification-code', 'email-already-verified'],
  }),
  emailChange: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/email/change',
    summary: 'Ask to change the e-mail: proves the owner (password or Google), sends a code to the new address',
    auth: 'signedIn',
    body: EmailChangeInput,
    response: CodeSentSchema,
    errors: [
      'wrong-password',
      'invalid-google-token',
      'contact-change-needs-proof',
      'user-exists',
      'user-already-verified',
      'invalid-email-address',
      'verification-code-cooldown',
      'too-many-requests',
    ],
  }),
  emailChangeConfirm: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/email/change/confirm',
    summary: 'Change the e-mail with the code sent to the new address; the old address is told',
    auth: 'signedIn',
    body: CodeInput,
    response: UserSchema,
    errors: ['expired-verification-code', 'invalid-verification-code', 'user-exists', 'too-many-requests'],
  }),
  phoneChange: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/phone/change',
    summary: 'Ask to change the phone: proves the owner (password or Google), sends a code to the new number',
    auth: 'signedIn',
    body: PhoneChangeInput,
    response: CodeSentSchema,
    errors: [
      'wrong-password',
      'invalid-google-token',
      'contact-change-needs-proof',
      'user-already-verified',
      'incorrect-phone',
      'unresolved-phone',
      'verification-code-cooldown',
      'too-many-requests',
    ],
  }),
  phoneChangeConfirm: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/phone/change/confirm',
    summary: 'Change the phone with the code sent to the new number; the account e-mail is told',
    auth: 'signedIn',
    body: CodeInput,
    response: UserSchema,
    errors: ['expired-verification-code', 'invalid-verification-code', 'too-many-requests'],
  }),
  passwordSend: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/password/send',
    summary: 'Send a password-reset code by e-mail (answers the same whether the account exists or not)',
    auth: 'public',
    body: PasswordCodeInput,
    response: Ok,
    errors: ['invalid-email-address', 'verification-code-cooldown', 'too-many-requests'],
  }),
  passwordCheck: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/password/check',
    summary: 'Check a password-reset code before asking for the new password; the code stays usable',
    auth: 'public',
    body: PasswordCodeCheckInput,
    response: Ok,
    errors: ['expired-verification-code', 'invalid-verification-code', 'invalid-email-address', 'too-many-requests'],
  }),
  passwordConfirm: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/confirmation-code/password/confirm',
    summary: 'Set a new password with the reset code; signs out every device',
    auth: 'public',
    body: PasswordResetInput,
    response: Ok,
    errors: ['expired-verification-code', 'invalid-verification-code', 'invalid-email-address', 'too-many-requests'],
  }),
} as const;
