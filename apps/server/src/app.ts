import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { availabilityContract } from '@darsak/domain/availability';
import { MS_PER_MINUTE } from '@darsak/domain/common';
import { lessonsContract } from '@darsak/domain/lessons';
import { plansContract } from '@darsak/domain/plans';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { tutorsContract } from '@darsak/domain/tutors';
import { usersContract } from '@darsak/domain/users';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from './config/env.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { createAssetsService } from './modules/assets/assets.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type GoogleVerifier } from './modules/auth/auth.service.ts';
import { createTokenSigner } from './modules/auth/auth.tokens.ts';
import { createSessionVerdicts } from './modules/auth/auth.verdicts.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { createAvailabilityService, slotsOf, slotsOfTutors } from './modules/availability/availability.service.ts';
import { cacheRoutes } from './modules/cache/cache.routes.ts';
import { createCacheService } from './modules/cache/cache.service.ts';
import { createChatEvents } from './modules/chat/chat.events.ts';
import { createChatNotices } from './modules/chat/chat.notices.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { registerChatSocketHandlers } from './modules/chat/chat.socket.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { createInvitesService } from './modules/invites/invites.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createLessonFigures } from './modules/lessons/lessons.figures.ts';
import { defineLessonJobs } from './modules/lessons/lessons.jobs.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { createLessonsService } from './modules/lessons/lessons.service.ts';
import { staffLessonsRoutes } from './modules/lessons/lessons.staff.routes.ts';
import { createStaffLessonsService } from './modules/lessons/lessons.staff.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { defineOnboardingJobs } from './modules/onboarding/onboarding.jobs.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createOutboxDispatcher } from './modules/outbox/outbox.dispatcher.ts';
import { createOutbox } from './modules/outbox/outbox.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { createOverviewService } from './modules/overview/overview.service.ts';
import { holdCheckout } from './modules/payments/payments.checkout.ts';
import { definePaymentJobs } from './modules/payments/payments.jobs.ts';
import { createReceiptsService } from './modules/payments/payments.receipts.ts';
import { createRefundRequester } from './modules/payments/payments.refunds.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { createPlansService } from './modules/plans/plans.service.ts';
import { publicPagesRoutes } from './modules/public-pages/public-pages.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushService, pushDevices, pushEndpoints } from './modules/push/push.service.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { createRatingsService } from './modules/ratings/ratings.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { installRequestMeter } from './modules/server-stats/request-meter.ts';
import { serverStatsRoutes } from './modules/server-stats/server-stats.routes.ts';
import { createServerStats } from './modules/server-stats/server-stats.service.ts';
import { createCallQuality } from './modules/sessions/sessions.quality.ts';
import {
  haveLessonTogether,
  joinedAppointmentCall,
  lessonCallEvents,
  settleLessonSession,
} from './modules/sessions/sessions.repo.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { registerSessionSocketHandlers } from './modules/sessions/sessions.socket.ts';
import { createJoinTokenSigner } from './modules/sessions/sessions.tokens.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { studentsRoutes } from './modules/students/students.routes.ts';
import { createStudentsService } from './modules/students/students.service.ts';
import { defineSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs.ts';
import { createSubscriptionPauses } from './modules/subscriptions/subscriptions.pause.ts';
import { createSubscriptionRenewals } from './modules/subscriptions/subscriptions.renewal.ts';
import { hasFreeTrial } from './modules/subscriptions/subscriptions.repo.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { createTelegramService, linkUrlOf, webhookSecretOf } from './modules/telegram/telegram.service.ts';
import { topicsRoutes } from './modules/topics/topics.routes.ts';
import { countFavouriteTopics, createTopicsService } from './modules/topics/topics.service.ts';
import { createTutorChanges } from './modules/tutors/tutors.changes.ts';
import { tutorsRoutes } from './modules/tutors/tutors.routes.ts';
import { bookingTutor, createTutorsService } from './modules/tutors/tutors.service.ts';
import { staffTutorsRoutes } from './modules/tutors/tutors.staff.routes.ts';
import { createStaffTutorsService } from './modules/tutors/tutors.staff.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createStaffUsersService } from './modules/users/users.staff.ts';
import { defineVerificationJobs } from './modules/verification/verification.jobs.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { memoryInvalidationBus, redisInvalidationBus } from './platform/cache/invalidation-bus.ts';
import { memorySnapshotStore, redisSnapshotStore, resilientSnapshotStore } from './platform/cache/snapshot-cache.ts';
import { createChanges } from './platform/changes.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db/client.ts';
import { errorReporterOf } from './platform/error-reporting.ts';
import { installCors } from './platform/http/cors.ts';
import { registerConstraintCodes } from './platform/http/db-errors.ts';
import { closeConnectionsWhileDraining, createDrain } from './platform/http/drain.ts';
import { installErrorHandling } from './platform/http/error-handler.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { answerWithRequestId, requestIdOf } from './platform/http/request-id.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { headerSettingsOf, installSecurityHeaders } from './platform/http/security-headers.ts';
import { createJobQueue } from './platform/jobs/queue.ts';
import { loggerOptions } from './platform/logger.ts';
import { metricsRoutes } from './platform/metrics/metrics.routes.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { createRealtime } from './platform/realtime/realtime.ts';
import { createSocketEventLimiter } from './platform/realtime/socket-limits.ts';
import { redisConnector, redisStateOf } from './platform/redis.ts';
import { countersOf, createGuessLimits, limitsRedis } from './platform/security/guess-limits.ts';
import { routeLimitStore } from './platform/security/route-limit-store.ts';
import type { LocalGoogleIssuer } from './providers/google/id-token-verifier.ts';
import { createMessengers, whatsappCarriesNotices } from './providers/messaging/messengers.ts';
import { createWebPushMessenger } from './providers/messaging/web-push.adapter.ts';
import { createPaymentGateways } from './providers/payments/payment-gateways.ts';
import { gatewaySimulatorRoutes } from './providers/payments/simulator/simulator.routes.ts';
import { storageOf } from './providers/storage/configured.ts';
import type { Storage } from './providers/storage/storage.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  google: GoogleVerifier;
  /** Local mode's stand-in for Google's issuer, used by the sign-in simulator page. */
  localGoogle?: LocalGoogleIssuer | undefined;
  /** Where uploads and receipts are kept; by default files under `${DATA_DIR}/files`. */
  storage?: Storage | undefined;
  /** Logs in tests are noise (false) or read by the test (a stream of JSON lines); main logs to stdout. */
  logger?: boolean | { write(line: string): void };
  /** Whether this instance runs jobs (tests call the job functions themselves with a fixed clock). */
  runJobs?: boolean;
  /** Tests: every hot answer is also serialized by zod, and must come out the same. */
  checkFastResponses?: boolean;
}

// The answers read most (issue 14's hot paths), serialized by fast-json-stringify from their zod schemas.
const HOT_RESPONSES: ReadonlySet<z.ZodType> = new Set([
  usersContract.current.response,
  tutorsContract.listOnboarded.response,
  plansContract.list.response,
  availabilityContract.free.response,
  lessonsContract.list.response,
]);

// Named constraints that guard rules: whatever the request timing, a violation answers with its code.
registerConstraintCodes({
  users_email_key: 'user-exists',
  users_google_sub_key: 'user-exists',
  // A lost race for a tutor's time is the tutor being taken; the student's own overlap is their conflict.
  lessons_tutor_no_overlap: 'busy-tutor',
  lessons_student_no_overlap: 'conflicting-lessons',
  lessons_one_pending_per_student: 'reached-booking-limit',
  subscriptions_one_active_per_student: 'subscription-exists',
  subscriptions_one_scheduled_per_student: 'next-period-scheduled',
  subscriptions_paid_no_overlap: 'next-period-scheduled',
  subscription_pauses_one_per_period: 'pause-taken',
  subscription_pauses_no_overlap: 'pause-taken',
  transactions_one_open_per_student: 'payment-in-progress',
  payment_refunds_one_in_flight: 'refund-in-progress',
  ratings_rater_ratee_key: 'rating-exists',
  intro_videos_one_open_per_tutor: 'intro-video-exists',
  demo_sessions_one_pending_per_tutor: 'demo-session-exists',
  interviews_one_pending_per_interviewee: 'conflicting-interview',
  interviews_interviewer_no_overlap: 'busy-tutor-manager',
  demo_sessions_manager_no_overlap: 'busy-tutor-manager',
  availability_slots_no_overlap: 'conflicting-schedule',
  availability_slots_tutor_weekday_start_key: 'conflicting-schedule',
  chat_rooms_direct_key: 'room-exists',
  invoices_method_fields_check: 'invalid-invoice-method',
  topics_name_en_key: 'topic-exists',
  topics_name_ar_key: 'topic-exists',
  plan_invites_user_plan_key: 'plan-invite-exists',
  coupons_code_key: 'coupon-exists',
});

/** Believes the nearest `hops` proxies (proxy-addr's hop count, which Fastify's types leave out). */
/**
 * A hop count believes `X-Forwarded-For` only from a peer on a private or loopback network, where the proxy is: a
 * client that reaches an instance directly from outside cannot name itself another address by forging the header.
 */
const PROXY_NETWORKS = new BlockList();
for (const [network, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['100.64.0.0', 10],
] as const) {
  PROXY_NETWORKS.addSubnet(network, bits, 'ipv4');
}
PROXY_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PROXY_NETWORKS.addAddress('::1', 'ipv6');
const onProxyNetwork = (address: string) => {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) ? PROXY_NETWORKS.check(v4, 'ipv4') : isIPv6(address) && PROXY_NETWORKS.check(address, 'ipv6');
};
const trustHops = (hops: number) => (address: string, hop: number) => hop < hops && onProxyNetwork(address);

/** Builds the HTTP API with every module; never listens (main.ts and tests decide). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger:
      deps.logger === false ? false : loggerOptions(config, typeof deps.logger === 'object' ? deps.logger : undefined),
    bodyLimit: 1024 * 1024,
    // Only the configured proxies' X-Forwarded-For names the client (off by default): per-client limits hold.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    ajv: { customOptions: { removeAdditional: false } },
    // The spec writes some paths with a trailing slash and some without: a client copying either spelling reaches
    // the route.
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    // A request reaching a closing instance on a connection already open is answered, not refused with a bare 503:
    // the proxy has stopped sending new ones (drain.ts), and the database stays open until the listener has closed.
    return503OnClosing: false,
  });
  const drain = createDrain();
  app.decorate('drain', drain);
  closeConnectionsWhileDraining(app, drain);
  answerWithRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(HOT_RESPONSES, deps.checkFastResponses ?? false));
  // The server's own unexpected errors (500s, failed job runs) are reported when reporting is on (spec §1).
  const errorReporter = errorReporterOf(config);
  app.addHook('onClose', async () => errorReporter?.flush());
  installErrorHandling(app, errorReporter);
  installSecurityHeaders(app, 'app', headerSettingsOf(config, deps.localGoogle));
  const requestMeter = installRequestMeter(app);
  const metrics = createMetrics();
  metrics.timeAnswers(app);
  app.decorate('metrics', metrics);
  app.decorateRequest('user', null);

  await installCors(app, config);
  const redis = config.REDIS_URL ? await redisConnector(config.REDIS_URL, app.log) : undefined;
  // Limits count in Redis when it is set, so N instances do not give N times the tries.
  const limitsConnection = redis ? limitsRedis(redis) : undefined;
  const limitsPrefix = `${config.REDIS_CACHE_PREFIX}:limits`;
  app.addHook('onClose', async () => void (await limitsConnection?.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    store: routeLimitStore(countersOf(limitsConnection, `${limitsPrefix}:route`)),
  });
  const guessStore = countersOf(limitsConnection, `${limitsPrefix}:guess`);
  const socketEventStore = countersOf(limitsConnection, `${limitsPrefix}:socket`);
  // The document maps every route and its inputs: published only where API_DOCS says (local by default).
  if (config.API_DOCS) await registerOpenApi(app);

  const db = database.db;
  const queue = createJobQueue(database, {
    log: app.log,
    onJobError: (job, error) => {
      metrics.jobFailed(job);
      errorReporter?.capture(error, { kind: 'job', job });
    },
  });
  app.addHook('onReady', () => queue.start({ work: deps.runJobs !== false }));
  app.addHook('onClose', () => queue.stop());
  // Messages leave through the outbox after their transaction commits (dispatched where jobs run).
  // Web Push with the VAPID keys (configured, or made in local mode); without them push is not offered.
  const vapid =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT }
      : undefined;
  const messengers = createMessengers(
    config,
    vapid && createWebPushMessenger({ vapid, devices: pushDevices(db, clock) }),
  );
  for (const [channel, messenger] of Object.entries(messengers)) {
    if (!config.isLocal && messenger.delivery === 'outbox') app.log.warn({ channel }, 'no credentials: kept in outbox');
  }
  // Receipts are made from a payment's records when downloaded, and when the e-mail that carries one is sent.
  const receipts = createReceiptsService({
    db,
    seller: {
      name: config.RECEIPT_SELLER_NAME,
      address: config.RECEIPT_SELLER_ADDRESS,
      taxId: config.RECEIPT_SELLER_TAX_ID,
      commercialRegistry: config.RECEIPT_SELLER_COMMERCIAL_REGISTRY,
    },
  });
  const dispatcher = createOutboxDispatcher({
    db,
    clock,
    messengers,
    log: app.log,
    metrics,
    attachment: (file) => receipts.attachment(file.transactionId, file.lang),
  });
  if (deps.runJobs !== false) app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', () => dispatcher.stop());
  const outbox = createOutbox({ db, clock, kick: dispatcher.kick });
  const uploadUrl = (name: string) => `/assets/uploads/${encodeURIComponent(name)}`;
  // Users, topics, assets and verification change tutors but are built before the services that cache them.
  const tutorChanges = createTutorChanges();
  const subscriptionChanges = createChanges();
  // Caches of tutors live in this process, or in Redis, shared with every instance, when REDIS_URL is set.
  const snapshotStore = (name: string) =>
    redis
      ? resilientSnapshotStore(redisSnapshotStore(redis, `${config.REDIS_CACHE_PREFIX}:${name}`))
      : memorySnapshotStore();
  const audit = createAuditService({ db });
  // Settings and session verdicts are cached in each instance and forgotten on every instance when they change.
  const bus = redis ? redisInvalidationBus(redis, `${config.REDIS_CACHE_PREFIX}:invalidate`) : memoryInvalidationBus();
  app.addHook('onClose', () => bus.close());
  // The rate limits' environment variables, when set, are this deployment's defaults of their settings.
  const settings = createSettingsService({
    db,
    clock,
    audit,
    bus,
    defaults: {
      ...PLATFORM_SETTINGS_DEFAULTS,
      signInPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE ?? PLATFORM_SETTINGS_DEFAULTS.signInPerMinute,
      guessesPerAccount: config.RATE_LIMIT_GUESSES_PER_ACCOUNT ?? PLATFORM_SETTINGS_DEFAULTS.guessesPerAccount,
      guessWindowMinutes: config.RATE_LIMIT_GUESS_WINDOW_MINUTES ?? PLATFORM_SETTINGS_DEFAULTS.guessWindowMinutes,
    },
  });
  // Read per request and per guess, outside any transaction, through the settings' cache.
  const signInPerMinute = async () => (await settings.current()).signInPerMinute;
  const guesses = createGuessLimits(guessStore, async () => {
    const { guessesPerAccount, guessWindowMinutes } = await settings.current();
    return { max: guessesPerAccount, windowMs: guessWindowMinutes * MS_PER_MINUTE };
  });
  const tutorListStore = snapshotStore('tutors');
  const freeTimesStore = snapshotStore('booking-inputs');
  const users = createUsersService({ db, clock, uploadUrl, countFavouriteTopics, tutorChanges, settings });
  const notifications = createNotificationsService({
    db,
    clock,
    outbox,
    users,
    whatsappNotices: whatsappCarriesNotices(config, messengers),
    pushEndpoints,
  });
  const auth = createAuthService({
    db,
    clock,
    signer: createTokenSigner(config.JWT_SECRET, config.JWT_PREVIOUS_SECRET),
    tokenTtlSeconds: config.TOKEN_TTL_HOURS * 3600,
    google: deps.google,
    users,
    guesses,
    verdicts: createSessionVerdicts(bus),
    // Realtime needs the authenticator, so it comes after; sessions are only revoked once both exist.
    sockets: {
      closeSession: (sessionId) => realtime.closeSession(sessionId),
      closeUser: (userId, keepSessionId) => realtime.closeUser(userId, keepSessionId),
    },
  });
  app.decorate('authenticator', auth.authenticator);
  const realtime = createRealtime(app, {
    authenticator: auth.authenticator,
    redis,
    redisPrefix: config.REDIS_CACHE_PREFIX,
    limiter: createSocketEventLimiter(socketEventStore),
    corsOrigins: [config.PUBLIC_APP_URL, config.PUBLIC_ADMIN_URL],
  });
  app.decorate('realtime', realtime);

  // Redis's state as the limits' connection sees it: health and metrics report the same.
  const redisState = redisStateOf(limitsConnection);
  await app.register(systemRoutes, { config, database, drain, redisState });
  await app.register(authRoutes, { auth, signInPerMinute });
  await app.register(auditRoutes, { audit });
  await app.register(settingsRoutes, { settings });
  const staffUsers = createStaffUsersService({
    db,
    clock,
    users,
    audit,
    signOutEverywhere: auth.signOutEverywhere,
    sessionsChanged: auth.sessionsChanged,
  });
  await app.register(usersRoutes, { users, staff: staffUsers });
  await app.register(notificationsRoutes, { notifications });
  const push = createPushService({
    db,
    clock,
    publicKey: vapid?.publicKey,
    localEndpoints: config.isLocal,
    kinds: notifications,
  });
  await app.register(pushRoutes, { push });
  const storage = deps.storage ?? storageOf(config);
  await app.register(topicsRoutes, { topics: createTopicsService({ db, users, audit, bus }) });
  await app.register(studentsRoutes, { students: createStudentsService({ db, clock, users }) });
  const assets = createAssetsService({ db, storage, users });
  await app.register(assetsRoutes, { assets });
  const reports = createReportsService({ db, clock, users, assets, outbox, notifications, realtime });
  await app.register(reportsRoutes, { reports });
  const verification = createVerificationService({
    db,
    clock,
    secret: config.JWT_SECRET,
    outbox,
    notifications,
    users,
    auth,
    guesses,
    queue,
    telegramNeedsChat: messengers.telegram.delivery === 'provider',
    settings,
  });
  defineVerificationJobs(queue, verification);
  await app.register(verificationRoutes, { verification, publicPerMinute: signInPerMinute });
  // A user's Telegram chat is linked through the bot's /start deep link; codes by Telegram need it.
  const telegramWebhookSecret = webhookSecretOf(config);
  const telegram = createTelegramService({
    db,
    clock,
    outbox,
    linkUrl: linkUrlOf(config),
    webhookSecret: telegramWebhookSecret,
  });
  await app.register(telegramRoutes, { telegram });
  const chatNotices = createChatNotices({ db, notifications, users, outbox, log: app.log });
  const chat = createChatService({
    db,
    clock,
    uploadUrl,
    events: createChatEvents(realtime, chatNotices),
    haveLessonTogether,
  });
  const sessions = createSessionsService({
    db,
    clock,
    chat,
    joinTokens: createJoinTokenSigner(config.JWT_SECRET),
    metrics,
    ice: {
      stunUrls: config.STUN_URLS,
      turnUrls: config.TURN_URLS,
      turnSecret: config.TURN_SECRET,
      turnTtlSeconds: config.TURN_TTL_SECONDS,
    },
    windowSettings: () => settings.current(),
  });
  const callQuality = createCallQuality({ db, clock, metrics });
  await app.register(chatRoutes, { chat });
  await app.register(sessionsRoutes, { sessions });
  realtime.onConnection((io, socket) => {
    registerChatSocketHandlers(socket, { chat, log: app.log });
    registerSessionSocketHandlers(io, socket, { sessions, quality: callQuality, log: app.log });
  });
  const contact = createContactService({ db, clock, outbox, inboxEmail: config.CONTACT_INBOX_EMAIL });
  await app.register(contactRoutes, { contact, publicPerMinute: signInPerMinute });
  // plans, subscriptions and payments (the simulator stands in for providers without credentials in local mode)
  app.decorate('jobs', queue);
  const plans = createPlansService({
    db,
    clock,
    users,
    freeTrialUsed: hasFreeTrial,
    freeTrialWeeks: async () => (await settings.current()).freeTrialWeeks,
    audit,
    bus,
  });
  const requestRefund = createRefundRequester(queue);
  const subscriptionsDeps = {
    db,
    clock,
    settings,
    plans,
    users,
    outbox,
    notifications,
    queue,
    requestRefund,
    holdCheckout,
    subscriptionChanges,
    appUrl: config.PUBLIC_APP_URL,
  };
  const subscriptions = createSubscriptionsService(subscriptionsDeps);
  const gateways = createPaymentGateways(config, {
    clock,
    deliver: ({ url, query, payload }) => app.inject({ method: 'POST', url, query, payload: payload as object }),
  });
  const payments = createPaymentsService({
    db,
    clock,
    log: app.log,
    fawry: gateways.fawry,
    paymob: gateways.paymob,
    plans,
    subscriptions,
    users,
    requestRefund,
    realtime,
    notifications,
    outbox,
    subscriptionChanges,
    audit,
    metrics,
    appUrl: config.PUBLIC_APP_URL,
    referenceExpiryHours: config.FAWRY_REFERENCE_EXPIRY_HOURS,
  });
  const renewals = createSubscriptionRenewals({
    ...subscriptionsDeps,
    subscriptions,
    renewalReference: payments.renewalReference,
    autoRenewalCardOf: payments.autoRenewalCardOf,
    log: app.log,
  });
  defineSubscriptionJobs(queue, subscriptions, renewals);
  definePaymentJobs(queue, payments);
  await app.register(plansRoutes, { plans });
  const invites = createInvitesService({ db, clock, outbox, users, auth, plans, audit, appUrl: config.PUBLIC_APP_URL });
  await app.register(invitesRoutes, { invites, publicPerMinute: signInPerMinute });
  await app.register(paymentsRoutes, { payments, receipts });
  if (gateways.simulator) {
    await app.register(gatewaySimulatorRoutes, { simulator: gateways.simulator, appUrl: config.PUBLIC_APP_URL });
  }
  const lessons = createLessonsService({
    db,
    clock,
    settings,
    users,
    subscriptions,
    bookingTutor,
    slotsOf,
    bookingInputsStore: freeTimesStore,
    settleCall: settleLessonSession,
    callEvents: lessonCallEvents,
    tutorChanges,
    subscriptionChanges,
    queue,
    outbox,
    notifications,
    realtime,
    metrics,
    uploadUrl,
    calendar: { secret: config.JWT_SECRET, previousSecret: config.JWT_PREVIOUS_SECRET, appUrl: config.PUBLIC_APP_URL },
  });
  app.addHook('onClose', () => lessons.close());
  const pauses = createSubscriptionPauses({ db, clock, settings, subscriptions, lessons, audit, subscriptionChanges });
  await app.register(subscriptionsRoutes, { subscriptions, pauses, renewals });
  defineLessonJobs(queue, lessons);
  if (config.isLocal) {
    await app.register(devRoutes, {
      outbox,
      localGoogle: deps.localGoogle,
      lessons: { db, clock, lessons },
      subscriptions: { db, clock, subscriptions },
      telegram: telegramWebhookSecret ? { webhookSecret: telegramWebhookSecret } : undefined,
    });
  }
  const tutors = createTutorsService({
    db,
    clock,
    store: tutorListStore,
    uploadUrl,
    slotsOfTutors,
    lessons,
    figures: createLessonFigures({ db, clock, lessons }),
    users,
    realtime,
    settings,
    changes: tutorChanges,
  });
  app.addHook('onClose', () => tutors.close());
  await app.register(lessonsRoutes, { lessons });
  const staffLessons = createStaffLessonsService({
    db,
    clock,
    lessons,
    users,
    callEvents: lessonCallEvents,
    callQuality: callQuality.ofLesson,
    audit,
  });
  await app.register(staffLessonsRoutes, { staff: staffLessons });
  await app.register(overviewRoutes, { overview: createOverviewService({ db, clock }) });
  await app.register(tutorsRoutes, { tutors });
  await app.register(publicPagesRoutes, { tutors, appUrl: config.PUBLIC_APP_URL });
  app.decorate('tutorListSnapshot', tutors.listSnapshot);
  const staffTutors = createStaffTutorsService({
    db,
    clock,
    uploadUrl,
    settings,
    slotsOfTutors,
    lessons,
    cancelLesson: staffLessons.cancel,
    figures: createLessonFigures({ db, clock, lessons }),
    users,
    outbox,
    notifications,
    audit,
    changes: tutorChanges,
  });
  await app.register(staffTutorsRoutes, { staffTutors });
  const cache = createCacheService({
    db,
    audit,
    stores: { tutorList: tutorListStore, freeTimes: freeTimesStore },
    settings,
    bus,
    realtime,
  });
  await app.register(cacheRoutes, { cache });
  await app.register(ratingsRoutes, { ratings: createRatingsService({ db, lessons, tutors, uploadUrl }) });
  const onboarding = createOnboardingService({
    db,
    clock,
    users,
    audit,
    assets,
    outbox,
    notifications,
    queue,
    realtime,
    tutorChanges,
    uploadUrl,
    slotsOfTutors,
    heldLessonsOf: lessons.heldLessonsIn,
    joinedCall: joinedAppointmentCall,
    noShowGraceMinutes: async () => (await settings.current()).noShowGraceMinutes,
    sessionOpensMinutesBefore: async (tx) => (await settings.current(tx)).sessionOpensMinutesBefore,
  });
  defineOnboardingJobs(queue, onboarding);
  await app.register(onboardingRoutes, { onboarding });
  const availability = createAvailabilityService({ db, clock, lessons, tutors, onboarding });
  await app.register(availabilityRoutes, { availability, lessons });
  const invoices = createInvoicesService({ db, clock, users, assets, outbox, notifications, realtime, settings });
  await app.register(invoicesRoutes, { invoices });
  const socketCount = () => realtime.io?.of('/').sockets.size ?? 0;
  metrics.readAtScrape(
    {
      payments: () => payments.countByStatusAndMethod(),
      outboxBacklog: () => outbox.backlog(),
      jobQueues: () => queue.depths(),
      openSockets: socketCount,
      pingDatabase: () => database.ping(),
      redis: redisState,
      poolUse: database.poolUse,
    },
    app.log,
  );
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN, path: '/api/metrics' });
  const serverStats = createServerStats({
    meter: requestMeter,
    socketCount,
    poolUse: database.poolUse,
    queueDepths: () => queue.depths(),
    publish: (stats) => realtime.toChannel('server-stats', 'server:stats', stats),
    log: app.log,
  });
  app.decorate('serverStats', serverStats);
  app.addHook('onReady', async () => serverStats.start());
  app.addHook('onClose', async () => serverStats.stop());
  await app.register(serverStatsRoutes, { serverStats });
  // modules: more modules register here
  return app;
}
