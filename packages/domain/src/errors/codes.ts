/**
 * The error catalogue of spec §8 with the HTTP status each code answers with (DESIGN §3).
 * The code is also the i18n key of its message.
 */
export const ERROR_STATUS = {
  // generic
  'bad-request': 400,
  'empty-request': 400,
  illegal: 400,
  unauthenticated: 401,
  forbidden: 403,
  'route-not-found': 404,
  'large-file-size': 413,
  'unsupported-file-type': 415,
  'too-many-requests': 429,
  unexpected: 500,
  'service-unavailable': 503,
  'fawry-error': 502,
  // not-found family
  'session-not-found': 404,
  'demo-session-not-found': 404,
  'transaction-not-found': 404,
  'user-not-found': 404,
  'tutor-not-found': 404,
  'student-not-found': 404,
  'lesson-not-found': 404,
  'slot-not-found': 404,
  'rating-not-found': 404,
  'coupon-not-found': 404,
  'asset-not-found': 404,
  'invite-not-found': 404,
  'invoice-not-found': 404,
  'plan-not-found': 404,
  'room-not-found': 404,
  'room-members-not-found': 404,
  'report-not-found': 404,
  'interview-not-found': 404,
  'topic-not-found': 404,
  'withdraw-method-not-found': 404,
  'subscription-not-found': 404,
  'intro-video-not-found': 404,
  'message-not-found': 404,
  // conflicts
  'room-exists': 409,
  'user-exists': 409,
  'rating-exists': 409,
  'intro-video-exists': 409,
  'demo-session-exists': 409,
  'subscription-exists': 409,
  'topic-exists': 409,
  'email-already-verified': 409,
  'phone-already-verified': 409,
  'user-already-verified': 409,
  'conflicting-lessons': 409,
  'conflicting-interview': 409,
  'conflicting-schedule': 409,
  'busy-tutor': 409,
  'busy-tutor-manager': 409,
  // authentication details
  'wrong-password': 401,
  'no-password': 422,
  'invalid-google-token': 401,
  // rule violations
  'long-video-dur': 422,
  'short-video-dur': 422,
  'subscription-required': 422,
  'subscription-uncancellable': 422,
  'no-enough-minutes': 422,
  'invalid-email-address': 422,
  'invalid-invoice-method': 422,
  'unresolved-phone': 422,
  'unverified-phone': 422,
  'unverified-email': 422,
  'invalid-phone': 422,
  'incorrect-phone': 422,
  'expired-verification-code': 422,
  'invalid-verification-code': 422,
  'verification-code-cooldown': 429,
  'inactive-tutor-manager': 422,
  'illegal-invoice-update': 422,
  'reached-booking-limit': 422,
  'lesson-time-passed': 422,
  'cancellation-window-passed': 422,
  'tutor-may-still-join': 422,
  'lesson-not-fulfilled': 422,
  'not-room-member': 403,
  'invalid-session-token': 403,
  'session-not-open': 422,
  'api-invalid-user-name': 422,
  'phone-required': 422,
  'week-boundaries-violation': 422,
  'lesson-length-unavailable': 422,
  // plans, coupons, subscriptions and payments
  'plan-invite-not-found': 404,
  'card-not-found': 404,
  'plan-invite-exists': 409,
  'coupon-exists': 409,
  'free-trial-used': 409,
  'payment-in-progress': 409,
  'plan-not-offered': 422,
  'coupon-expired': 422,
  'invalid-coupon': 422,
  'installments-unavailable': 422,
  'idempotency-key-reused': 422,
  'payment-not-cancellable': 422,
  'payment-not-refundable': 422,
  'invalid-signature': 400,
  'callback-mismatch': 400,
  // invites and staff accounts
  'invite-used': 409,
  'invite-revoked': 410,
  'invite-expired': 410,
  'last-super-admin': 409,
  'own-account': 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Codes the HTTP client produces itself when no server answer arrives (spec §8 generic library errors). */
export const CLIENT_ERROR_CODES = ['network-error', 'request-aborted', 'timeout-exceeded'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
