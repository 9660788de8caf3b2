export {
  availabilityKeys,
  type FreeTimesFilter,
  freeTimesQuery,
  slotsQuery,
} from './availability/availability.queries.ts';
export { configKeys, publicConfigQuery } from './config/config.queries.ts';
export {
  ApiError,
  type ApiErrorCode,
  errorCodeOf,
  fieldErrorsOf,
  HttpError,
  isApiError,
  isKnownErrorBody,
  statusOf,
} from './errors.ts';
export * from './forms/forms.schemas.ts';
export {
  type CallArgs,
  type CallInput,
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpClientOptions,
} from './http.ts';
export {
  attendedStatsQuery,
  calendarLinkQuery,
  type LessonListFilter,
  lessonQuery,
  lessonsInfiniteQuery,
  lessonsKeys,
  lessonsQuery,
} from './lessons/lessons.queries.ts';
export { paymentsKeys, savedCardsQuery, transactionQuery, transactionsQuery } from './payments/payments.queries.ts';
export {
  couponCheckQuery,
  couponsQuery,
  type PlansListInput,
  planInvitesQuery,
  planQuery,
  plansKeys,
  plansQuery,
} from './plans/plans.queries.ts';
export { createQueryClient, shouldRetry } from './query-client.ts';
export {
  REVIEWS_PAGE_SIZE,
  ratingsByRaterQuery,
  ratingsKeys,
  tutorReviewsInfiniteQuery,
} from './ratings/ratings.queries.ts';
export {
  createSessionStore,
  decodeTokenPayload,
  isTokenExpired,
  type SessionState,
  type SessionStore,
  type SessionStoreOptions,
  type SignOutReason,
  type TokenPayload,
} from './session-store.ts';
export { currentSubscriptionQuery, subscriptionsKeys } from './subscriptions/subscriptions.queries.ts';
export { myTopicsQuery, topicsKeys, topicsQuery } from './topics/topics.queries.ts';
export {
  myStudentStatsQuery,
  myTutorStatsQuery,
  TUTOR_LIST_PAGE_SIZE,
  type TutorListFilters,
  tutorInfoQuery,
  tutoringMinutesQuery,
  tutorListInfiniteQuery,
  tutorsKeys,
} from './tutors/tutors.queries.ts';
export { currentUserQuery, tutorMetaQuery, usersKeys } from './users/users.queries.ts';
