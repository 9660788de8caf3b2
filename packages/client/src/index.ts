export { availabilityKeys, type FreeTimesFilter } from './availability/availability.keys.ts';
export { freeTimesQuery, slotsQuery } from './availability/availability.queries.ts';
export { chatKeys } from './chat/chat.keys.ts';
export {
  chatMembersQuery,
  chatMessagesQuery,
  chatPinnedQuery,
  chatRoomsQuery,
  MESSAGES_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
} from './chat/chat.queries.ts';
export { canonicalAddress } from './config/canonical-address.ts';
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
export {
  type CallArgs,
  type CallInput,
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpClientOptions,
} from './http.ts';
export { type IntegrationsConfig, reportCaughtError } from './integrations/integrations.ts';
export { type IntegrationsState, useIntegrations } from './integrations/use-integrations.ts';
export {
  balanceQuery,
  earningsQuery,
  invoicesKeys,
  invoicesQuery,
  receiptQuery,
  withdrawMethodsQuery,
} from './invoices/invoices.queries.ts';
export { type LessonListFilter, lessonsKeys } from './lessons/lessons.keys.ts';
export {
  attendedStatsQuery,
  calendarLinkQuery,
  lessonQuery,
  lessonsInfiniteQuery,
  lessonsQuery,
} from './lessons/lessons.queries.ts';
export {
  type ClientLog,
  createClientLog,
  type LogEntry,
  type ReadLogLine,
  readExportedLog,
} from './log/client-log.ts';
export {
  type AppointmentKind,
  appointmentQuery,
  appointmentsQuery,
  interviewersQuery,
  introVideosQuery,
  onboardingKeys,
  onboardingStatusQuery,
  studioTutorQuery,
  studioTutorsQuery,
  updateAppointment,
} from './onboarding/onboarding.queries.ts';
export {
  autoRenewalQuery,
  fetchReceipt,
  lastTransactionQuery,
  paymentsKeys,
  savedCardsQuery,
  transactionDetailQuery,
  transactionQuery,
  transactionsQuery,
} from './payments/payments.queries.ts';
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
  tutorLatestReviewsQuery,
  tutorReviewsInfiniteQuery,
} from './ratings/ratings.queries.ts';
export { createFakeRealtimeServer, type FakeRealtimeServer } from './realtime/fake-socket.ts';
export {
  ACK_TIMEOUT_MS,
  type AckDataOf,
  type AckResult,
  type ClientEvent,
  type ClientPayload,
  type ConnectionQuality,
  type ConnectionState,
  type ConnectionStatus,
  createRealtimeClient,
  LOST_AFTER_MS,
  POOR_ROUND_TRIP_MS,
  RECONNECT_OPTIONS,
  type RealtimeClient,
  type RealtimeClientOptions,
  type RealtimeSocket,
  type ServerEvent,
  type ServerPayload,
  type SocketFactory,
} from './realtime/realtime-client.ts';
export { createRealtimeHooks, type RealtimeHooks } from './realtime/realtime-hooks.ts';
export { defaultSocketFactory } from './realtime/socket-io.ts';
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
export { fetchSessionToken, sessionsKeys } from './sessions/sessions.queries.ts';
export { subscriptionsKeys } from './subscriptions/subscriptions.keys.ts';
export { currentSubscriptionQuery, subscriptionQuery } from './subscriptions/subscriptions.queries.ts';
export { myTopicsQuery, topicsKeys, topicsQuery } from './topics/topics.queries.ts';
export { type TutorListFilters, tutorsKeys } from './tutors/tutors.keys.ts';
export {
  myStudentStatsQuery,
  myTutorStatsQuery,
  TUTOR_LIST_PAGE_SIZE,
  tutorInfoQuery,
  tutoringMinutesQuery,
  tutorListInfiniteQuery,
} from './tutors/tutors.queries.ts';
export { currentUserQuery, tutorMetaQuery, usersKeys } from './users/users.queries.ts';
