import { z } from 'zod';
import { AuditReason } from '../audit/audit.contract.ts';
import { Id, IdParam, IdParams } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { LessonSchema } from '../lessons/lessons.contract.ts';
import { TransactionStatusSchema } from '../payments/payments.enums.ts';
import { PlanPeriodSchema } from '../plans/plans.enums.ts';
import { PaidPeriodSchema } from '../plans/plans.schemas.ts';
import { ROLE_GROUPS } from '../users/roles.ts';

/** `scheduled`: a next period paid in advance, starting when the current one ends (subscriptions.renewal.ts). */
export const SubscriptionStatusSchema = z.enum(['active', 'scheduled', 'ended', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/**
 * What cancelling an active subscription now would do (DESIGN §4), shown before the student confirms: allowed
 * while the lessons taken or booked under it do not exceed the platform's limit, refunding the price less those
 * lessons' minutes.
 */
export const CancellationTermsSchema = z.object({
  lessonsTaken: z.number().int(),
  maxLessons: z.number().int(),
  allowed: z.boolean(),
  /** What would come back to the payment method now (0 for a free trial, or once every minute is used). */
  refundPiastres: z.number().int(),
});
export type CancellationTerms = z.infer<typeof CancellationTermsSchema>;

/** A pause of the subscription (subscriptions.pause.ts): its weeks stand still and its end moves by it. */
export const SubscriptionPauseSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  weeks: z.number().int(),
  /** When the student or staff ended it early, and who (null: it runs its weeks). */
  endedEarlyAt: z.string().nullable(),
  endedEarlyBy: z.number().int().nullable(),
  /** Ending it now: where it would end (null: called off, it had not begun); null when it cannot end earlier. */
  earlyEnd: z.object({ endsAt: z.string().nullable() }).nullable(),
});
export type SubscriptionPause = z.infer<typeof SubscriptionPauseSchema>;

/** What the student may still ask for (platform settings); null when no pause can be taken now. */
export const PauseOfferSchema = z.object({ minWeeks: z.number().int(), maxWeeks: z.number().int() });
export type PauseOffer = z.infer<typeof PauseOfferSchema>;

/** The next period, paid in advance: it starts when the current one ends (moved with it by a pause). */
export const NextPeriodSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  period: PlanPeriodSchema,
  weeklyMinutes: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  pricePiastres: z.number().int(),
  transactionId: z.number().int().nullable(),
});
export type NextPeriod = z.infer<typeof NextPeriodSchema>;

/** A subscription with its current week; `remainingWeeklyMinutes` is derived from that week's lessons. */
export const SubscriptionSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  planId: z.number().int(),
  period: PlanPeriodSchema,
  weeklyMinutes: z.number().int(),
  remainingWeeklyMinutes: z.number().int(),
  status: SubscriptionStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  /** The current week's bounds while active; its end is the next renewal. */
  weekStartsAt: z.string().nullable(),
  weekEndsAt: z.string().nullable(),
  pricePiastres: z.number().int(),
  transactionId: z.number().int().nullable(),
  /** Null unless active. */
  cancellation: CancellationTermsSchema.nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Its pause in this period, if one was taken (and not called off). */
  pause: SubscriptionPauseSchema.nullable(),
  pauseOffer: PauseOfferSchema.nullable(),
  /** While it is under way: the next period already paid for, if any. */
  next: NextPeriodSchema.nullable(),
  /** While it is under way, paid and no next period is paid: the next period may be bought now, starting then. */
  payAhead: z.object({ startsAt: z.string() }).nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Spec §3: id -1 is the placeholder the client shows when there is no real subscription. */
export const NoSubscriptionSchema = z.object({
  id: z.literal(-1),
  status: z.literal('none'),
  weeklyMinutes: z.literal(0),
  remainingWeeklyMinutes: z.literal(0),
});
export type NoSubscription = z.infer<typeof NoSubscriptionSchema>;
export const NO_SUBSCRIPTION: NoSubscription = { id: -1, status: 'none', weeklyMinutes: 0, remainingWeeklyMinutes: 0 };

export const CurrentSubscriptionSchema = z.union([SubscriptionSchema, NoSubscriptionSchema]);
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>;

export const SubscriptionListQuery = PageQuery.extend({
  /** Admins only; a student always lists their own. */
  studentId: IdParam.optional(),
  status: SubscriptionStatusSchema.optional(),
}).strict();

export const CancelSubscriptionInput = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const RefundSchema = z.object({
  transactionId: z.number().int(),
  amountPiastres: z.number().int(),
  /** The transaction's status now: refunded or partial refunded once the provider confirmed, else still processed. */
  status: TransactionStatusSchema,
  /** The provider did not confirm yet; a job retries until it does. */
  pending: z.boolean(),
});

export const CancelledSubscriptionSchema = z.object({
  subscription: SubscriptionSchema,
  /** Null for a free trial, which was never paid for. */
  refund: RefundSchema.nullable(),
});
export type CancelledSubscription = z.infer<typeof CancelledSubscriptionSchema>;

export const FreeTrialInput = z.strictObject({ planId: Id });

/** A pause asked for: its weeks, from today or a later Cairo day (`YYYY-MM-DD`) of the period. */
export const PauseRequestInput = z.strictObject({
  weeks: z.number().int().min(1).max(52),
  startDate: z.iso.date().optional(),
});
export type PauseRequestInput = z.infer<typeof PauseRequestInput>;

export const PauseInput = PauseRequestInput.extend({
  /** Her lessons inside the pause to cancel, minutes back, as a cancel of each would (those she keeps stay). */
  cancelLessonIds: z.array(Id).max(50).default([]),
});
export type PauseInput = z.infer<typeof PauseInput>;

/** What a pause would do, shown before she confirms. */
export const PausePreviewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The subscription's end, moved by the pause. */
  subscriptionEndsAt: z.string(),
  /** Her booked lessons inside the pause, offered to be cancelled. */
  lessons: z.array(LessonSchema),
});
export type PausePreview = z.infer<typeof PausePreviewSchema>;

export const PausedSubscriptionSchema = z.object({
  subscription: SubscriptionSchema,
  cancelledLessonIds: z.array(z.number().int()),
  /** Lessons asked to be cancelled that could not be (inside the cancellation window): they stay booked. */
  keptLessonIds: z.array(z.number().int()),
});
export type PausedSubscription = z.infer<typeof PausedSubscriptionSchema>;

export const StaffEndPauseInput = z.strictObject({ reason: AuditReason });

/** The plan and period of a mid-term upgrade, to price. */
export const UpgradeQuoteQuery = z.strictObject({ planId: IdParam, period: PaidPeriodSchema });

/** What upgrading now to the larger plan costs: its weekly difference for each whole week left. */
export const UpgradeQuoteSchema = z.object({
  planId: z.number().int(),
  weeklyMinutes: z.number().int(),
  weeks: z.number().int(),
  amountPiastres: z.number().int(),
});
export type UpgradeQuote = z.infer<typeof UpgradeQuoteSchema>;

const sub = { tags: ['subscription'] } as const;
const pauseErrors = [
  'subscription-not-found',
  'pause-unavailable',
  'pause-taken',
  'pause-weeks-out-of-range',
  'pause-out-of-period',
] as const;

/** SUBSCRIPTION of spec §7 (subscriptions are fetched for students only), plus starting a free trial. */
export const subscriptionsContract = {
  current: defineRoute({
    ...sub,
    method: 'GET',
    path: '/api/v1/sub/user',
    summary: "The student's active subscription with this week's remaining minutes, or the id -1 placeholder",
    auth: ['student'],
    response: CurrentSubscriptionSchema,
    errors: [],
  }),
  list: defineRoute({
    ...sub,
    method: 'GET',
    path: '/api/v1/sub/list',
    summary: "The student's subscriptions, newest first (admins: anyone's)",
    auth: ['student', ...ROLE_GROUPS.admins],
    query: SubscriptionListQuery,
    response: pageOf(SubscriptionSchema),
    errors: [],
  }),
  cancel: defineRoute({
    ...sub,
    method: 'PATCH',
    path: '/api/v1/sub/cancel',
    summary: 'Cancel the active subscription, refunding what was not used while the lesson rule allows',
    auth: ['student'],
    body: CancelSubscriptionInput,
    response: CancelledSubscriptionSchema,
    errors: ['subscription-not-found', 'subscription-uncancellable'],
  }),
  cancelNext: defineRoute({
    ...sub,
    method: 'PATCH',
    path: '/api/v1/sub/next/cancel',
    summary: 'Cancel the next period paid in advance, before it starts: its price is refunded in full',
    auth: ['student'],
    body: CancelSubscriptionInput,
    response: CancelledSubscriptionSchema,
    errors: ['subscription-not-found'],
  }),
  freeTrial: defineRoute({
    ...sub,
    method: 'POST',
    path: '/api/v1/sub/free-trial',
    summary: "Start a plan's free trial (students invited to the plan, once)",
    auth: ['student'],
    body: FreeTrialInput,
    response: SubscriptionSchema,
    status: 201,
    errors: ['plan-not-found', 'plan-not-offered', 'subscription-exists', 'free-trial-used', 'payment-in-progress'],
  }),
  upgradeQuote: defineRoute({
    ...sub,
    method: 'GET',
    path: '/api/v1/sub/upgrade/quote',
    summary: 'What upgrading the subscription under way to a larger plan now costs (its weeks left)',
    auth: ['student'],
    query: UpgradeQuoteQuery,
    response: UpgradeQuoteSchema,
    errors: [
      'subscription-not-found',
      'plan-not-found',
      'plan-not-offered',
      'upgrade-not-larger',
      'upgrade-no-weeks-left',
    ],
  }),
  pausePreview: defineRoute({
    ...sub,
    method: 'POST',
    path: '/api/v1/sub/pause/preview',
    summary: 'What pausing the active subscription would do: its dates, the new end and the lessons inside it',
    auth: ['student'],
    body: PauseRequestInput,
    response: PausePreviewSchema,
    errors: [...pauseErrors],
  }),
  pause: defineRoute({
    ...sub,
    method: 'POST',
    path: '/api/v1/sub/pause',
    summary: 'Pause the active subscription for whole weeks (once a period), cancelling the lessons chosen inside it',
    auth: ['student'],
    body: PauseInput,
    response: PausedSubscriptionSchema,
    status: 201,
    errors: [...pauseErrors, 'lessons-not-in-pause'],
  }),
  endPause: defineRoute({
    ...sub,
    method: 'PATCH',
    path: '/api/v1/sub/pause/end',
    summary: 'End her pause early: called off before it begins, else at the end of the pause week under way',
    auth: ['student'],
    response: SubscriptionSchema,
    errors: ['subscription-not-found', 'pause-not-found', 'pause-not-shortenable'],
  }),
  staffEndPause: defineRoute({
    ...sub,
    method: 'PATCH',
    path: '/api/v1/sub/:id/pause/end',
    summary: "Staff end a student's pause early (audited)",
    auth: [...ROLE_GROUPS.admins],
    params: IdParams,
    body: StaffEndPauseInput,
    response: SubscriptionSchema,
    errors: ['subscription-not-found', 'pause-not-found', 'pause-not-shortenable'],
  }),
  get: defineRoute({
    ...sub,
    method: 'GET',
    path: '/api/v1/sub/:id',
    summary: 'A subscription (its student or admins)',
    auth: ['student', ...ROLE_GROUPS.admins],
    params: IdParams,
    response: SubscriptionSchema,
    errors: ['subscription-not-found', 'forbidden'],
  }),
} as const;
