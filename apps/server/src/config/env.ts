import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import {
  AnalyticsMeasurementId,
  AppEnvironment,
  ErrorReportingUrl,
  GoogleClientId,
  SessionRecordingProjectId,
} from '@darsak/domain/config';
import { PlatformSettings } from '@darsak/domain/settings';
import { Email } from '@darsak/domain/users';
import { z } from 'zod';
import { MIGRATION_TIMEOUT_DEFAULTS, type MigrationTimeouts } from '../platform/db/migrate.ts';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
/** A rate limit setting's default from the environment, within the setting's bounds; unset keeps the domain's. */
const rateLimitDefault = (key: 'signInPerMinute' | 'guessesPerAccount' | 'guessWindowMinutes') =>
  z.coerce.number().pipe(PlatformSettings.shape[key]).optional();
/** Comma-separated ICE server URLs of one scheme (`stun:host:3478,stuns:…`). */
const iceUrls = (scheme: 'stun' | 'turn') =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((url) => url.startsWith(`${scheme}:`) || url.startsWith(`${scheme}s:`)),
      `each URL must start with ${scheme}: or ${scheme}s:`,
    );
/** A number of ms where 0 means "no limit": left blank (compose's `${X:-}`), it is the default, not 0. */
const limit = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).default(fallback),
  );
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/**
 * Which proxies' `X-Forwarded-For` to believe: off (the default: the client is the peer address), a number of
 * hops in front of the server, or comma-separated proxy addresses or CIDR ranges. Trusting everyone is refused:
 * any client could then name its own address and walk around the per-client limits.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = addresses.filter((a) => {
      const [ip, bits, ...rest] = a.split('/');
      const family = isIP(ip ?? '');
      const maxBits = family === 6 ? 128 : 32;
      return (
        family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))
      );
    });
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `a hop count or proxy addresses (IP or CIDR), not: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return addresses;
  });

/** The proxy's health check interval and its timeout (deploy/Caddyfile: 2 s each), with a second to spare. */
const DEFAULT_DRAIN_DELAY_SECONDS = 5;

/** Every setting the server reads, with safe local defaults (README "Configuration"). */
export const EnvSchema = z.object({
  SERVER_ENV: AppEnvironment.default('local'),
  CLIENT_ENV: AppEnvironment.optional(),
  HOST: optional,
  PORT: port(3000),
  ADMIN_PORT: port(3001),
  SITE_PORT: port(3002),
  /** The job worker's own listener: its health check and, with METRICS_TOKEN, its metrics (no API). */
  WORKER_PORT: port(3003),
  PUBLIC_APP_URL: optional,
  PUBLIC_ADMIN_URL: optional,
  PUBLIC_SITE_URL: optional,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** lock_timeout and statement_timeout of each migration statement (docs/operations.md, "Changing the database"). */
  MIGRATION_LOCK_TIMEOUT_MS: limit(MIGRATION_TIMEOUT_DEFAULTS.lockTimeoutMs),
  MIGRATION_STATEMENT_TIMEOUT_MS: limit(MIGRATION_TIMEOUT_DEFAULTS.statementTimeoutMs),
  /** How long an instance outside local mode waits for the migrate step to apply its schema before it exits. */
  SCHEMA_WAIT_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * A stopping instance's drain (SIGTERM; docs/operations.md, "A release, in order"): how long its readiness answers
   * 503 before it moves its sockets and stops accepting, so the proxy's health check has stopped sending it anything
   * (unset: 5 s outside local mode, none locally); and the most the whole drain may take before it exits anyway,
   * which must stay inside the orchestrator's grace period (compose.yaml's stop_grace_period).
   */
  DRAIN_DELAY_SECONDS: z.coerce.number().min(0).max(60).optional(),
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  REDIS_URL: optional,
  /**
   * This process is the deployment's only one: it serves and runs the jobs. Only then may production go without
   * Redis, whose absence keeps limits, caches and socket rooms in this process (README "Production topology").
   */
  SINGLE_INSTANCE: flag(false),
  /** Keys of the caches in Redis start with this: one deployment shares it, another database needs its own. */
  REDIS_CACHE_PREFIX: z.string().trim().min(1).default('darsak:cache'),
  JWT_SECRET: optional.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
  /** The secret before a rotation: what it signed is still accepted (docs/operations.md, "Rotating secrets"). */
  JWT_PREVIOUS_SECRET: optional.refine(
    (v) => v === undefined || v.length >= 32,
    'JWT_PREVIOUS_SECRET must be at least 32 characters',
  ),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag(false),
  /** The OpenAPI document and its UI at /api/docs: on by default in local mode only. */
  API_DOCS: flag(false),
  SERVE_FRONTENDS: flag(true),
  RUN_JOBS: flag(true),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /** Where uploaded files live: `disk` under DATA_DIR/files, or `s3` (an S3-compatible store, the S3_* settings). */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optional.refine((v) => v === undefined || URL.canParse(v), 'must be a URL'),
  S3_REGION: optional,
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** `<endpoint>/<bucket>/<key>` addressing (MinIO and most self-hosted stores) instead of `<bucket>.<host>`. */
  S3_FORCE_PATH_STYLE: flag(false),
  // The rate limits are platform settings; these, when set, are the deployment's defaults (bounds the settings').
  RATE_LIMIT_SIGN_IN_PER_MINUTE: rateLimitDefault('signInPerMinute'),
  /** Wrong password or code guesses allowed per account in RATE_LIMIT_GUESS_WINDOW_MINUTES, from any address. */
  RATE_LIMIT_GUESSES_PER_ACCOUNT: rateLimitDefault('guessesPerAccount'),
  RATE_LIMIT_GUESS_WINDOW_MINUTES: rateLimitDefault('guessWindowMinutes'),
  TRUST_PROXY: trustProxy,
  MAIL_FROM: z.string().default('Darsak <no-reply@darsak.local>'),
  SMTP_URL: optional,
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_TEMPLATE: z.string().default('darsak_code'),
  WHATSAPP_NOTICE_TEMPLATE: optional,
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /**
   * Web Push's VAPID key pair (base64url: the P-256 public point, 65 bytes, and the private scalar, 32) and the
   * contact the push services may write to (`mailto:` or `https:`). All three or none: unset, push is off outside
   * local mode, and local mode makes a pair of its own in DATA_DIR.
   */
  VAPID_PUBLIC_KEY: optional.refine((v) => v === undefined || /^[\w-]{87}$/.test(v), '65 bytes in base64url'),
  VAPID_PRIVATE_KEY: optional.refine((v) => v === undefined || /^[\w-]{43}$/.test(v), '32 bytes in base64url'),
  VAPID_SUBJECT: optional.refine(
    (v) => v === undefined || /^(mailto:.+@.+|https:\/\/.+)$/.test(v),
    'a mailto: address or an https: URL',
  ),
  TELEGRAM_BOT_TOKEN: optional,
  TELEGRAM_BOT_USERNAME: optional,
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** setWebhook's secret_token, sent back in X-Telegram-Bot-Api-Secret-Token (1-256 of A-Z a-z 0-9 _ -). */
  TELEGRAM_WEBHOOK_SECRET: optional.refine(
    (v) => v === undefined || /^[\w-]{1,256}$/.test(v),
    '1-256 of A-Z a-z 0-9 _ -',
  ),
  GOOGLE_CLIENT_ID: GoogleClientId,
  GOOGLE_JWKS_URL: optional.refine((v) => v === undefined || URL.canParse(v), 'must be a URL'),
  ANALYTICS_ID: AnalyticsMeasurementId,
  SESSION_RECORDING_ID: SessionRecordingProjectId,
  ERROR_REPORTING_URL: ErrorReportingUrl,
  CARD_PROVIDER_ACCOUNT_NUMBER: optional,
  FAWRY_BASE_URL: z.string().url().default('https://atfawry.fawrystaging.com'),
  FAWRY_MERCHANT_CODE: optional,
  FAWRY_SECURE_KEY: optional,
  FAWRY_REFERENCE_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** The seller on every receipt: its legal name, address, tax registration and commercial registry numbers. */
  RECEIPT_SELLER_NAME: z.string().trim().min(1).max(200).default('Darsak — درسك'),
  RECEIPT_SELLER_ADDRESS: z.string().trim().max(300).optional(),
  RECEIPT_SELLER_TAX_ID: z.string().trim().max(50).optional(),
  RECEIPT_SELLER_COMMERCIAL_REGISTRY: z.string().trim().max(50).optional(),
  PAYMOB_BASE_URL: z.string().url().default('https://accept.paymob.com'),
  PAYMOB_SECRET_KEY: optional,
  PAYMOB_PUBLIC_KEY: optional,
  PAYMOB_HMAC_SECRET: optional,
  PAYMOB_INTEGRATION_IDS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((ids) => ids.every((id) => Number.isInteger(id) && id > 0), 'comma-separated integration ids'),
  SUPPORT_TELEGRAM_NOTIFICATIONS_URL: optional,
  SUPPORT_TELEGRAM_TUTORS_URL: optional,
  SUPPORT_CHAT_URL: optional,
  SUPPORT_WHATSAPP_URL: optional,
  CONTACT_INBOX_EMAIL: optional.refine(
    (v) => v === undefined || Email.safeParse(v).success,
    'must be an e-mail address',
  ),
  STUN_URLS: iceUrls('stun'),
  TURN_URLS: iceUrls('turn'),
  TURN_SECRET: optional,
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Bearer token of GET /api/metrics (Prometheus) on the API and the worker; unset, the route does not exist (404). */
  METRICS_TOKEN: optional.refine(
    (v) => v === undefined || v.length >= 16,
    'METRICS_TOKEN must be at least 16 characters',
  ),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  CLIENT_ENV: z.infer<typeof AppEnvironment>;
  HOST: string;
  JWT_SECRET: string;
  PUBLIC_APP_URL: string;
  PUBLIC_ADMIN_URL: string;
  PUBLIC_SITE_URL: string;
  DRAIN_DELAY_SECONDS: number;
  /** Local mode runs the simulators, the outbox page and the Google sign-in stand-in. */
  isLocal: boolean;
}

export class ConfigError extends Error {}

/** Parses and checks the environment once at start; a bad setting stops the server with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(EnvSchema, source);
  const isLocal = env.SERVER_ENV === 'local';
  if (!isLocal) requireInProduction(env);
  if (env.STORAGE_DRIVER === 's3') requireObjectStorage(env);
  // Demo accounts share a published password: seeded by default in local mode, never in production.
  const seedDemo = source.SEED_DEMO === undefined ? isLocal : env.SEED_DEMO;
  if (seedDemo && env.SERVER_ENV === 'production')
    throw new ConfigError('Invalid configuration: SEED_DEMO cannot be on in production');
  const dataDir = resolve(env.DATA_DIR);
  const apiDocs = source.API_DOCS === undefined ? isLocal : env.API_DOCS;
  // Locally nothing sits in front to notice a drain: Ctrl-C stops at once.
  const drainDelay = env.DRAIN_DELAY_SECONDS ?? (isLocal ? 0 : DEFAULT_DRAIN_DELAY_SECONDS);
  const vapid = vapidOf(env, isLocal, dataDir);
  if (drainDelay >= env.DRAIN_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration: DRAIN_DELAY_SECONDS must be shorter than DRAIN_TIMEOUT_SECONDS');
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    SEED_DEMO: seedDemo,
    API_DOCS: apiDocs,
    CLIENT_ENV: env.CLIENT_ENV ?? env.SERVER_ENV,
    HOST: env.HOST ?? (isLocal ? '127.0.0.1' : '0.0.0.0'),
    JWT_SECRET: env.JWT_SECRET ?? localSecret(dataDir),
    PUBLIC_APP_URL: env.PUBLIC_APP_URL ?? `http://localhost:${env.PORT}`,
    PUBLIC_ADMIN_URL: env.PUBLIC_ADMIN_URL ?? `http://localhost:${env.ADMIN_PORT}`,
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL ?? `http://localhost:${env.SITE_PORT}`,
    DRAIN_DELAY_SECONDS: drainDelay,
    ...vapid,
    isLocal,
  };
}

function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const MigrationEnvSchema = EnvSchema.pick({
  SERVER_ENV: true,
  DATABASE_URL: true,
  DATA_DIR: true,
  LOG_LEVEL: true,
  MIGRATION_LOCK_TIMEOUT_MS: true,
  MIGRATION_STATEMENT_TIMEOUT_MS: true,
});
export type MigrationConfig = z.infer<typeof MigrationEnvSchema>;

/** What the migrate step reads, and only that: it needs the database, not the signing or provider secrets. */
export function loadMigrationConfig(source: NodeJS.ProcessEnv = process.env): MigrationConfig {
  const env = parseEnv(MigrationEnvSchema, source);
  if (env.SERVER_ENV !== 'local' && !env.DATABASE_URL) {
    throw new ConfigError(`Invalid configuration: DATABASE_URL must be set when SERVER_ENV=${env.SERVER_ENV}`);
  }
  return { ...env, DATA_DIR: resolve(env.DATA_DIR) };
}

/** The migration timeouts the settings ask for. */
export const migrationTimeoutsOf = (
  config: Pick<Env, 'MIGRATION_LOCK_TIMEOUT_MS' | 'MIGRATION_STATEMENT_TIMEOUT_MS'>,
): MigrationTimeouts => ({
  lockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_MS,
  statementTimeoutMs: config.MIGRATION_STATEMENT_TIMEOUT_MS,
});

/** A job worker's configuration: it runs beside an API instance, so it is never the deployment's only process. */
export function loadWorkerConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(source);
  if (config.SINGLE_INSTANCE) {
    throw new ConfigError('Invalid configuration: SINGLE_INSTANCE=true cannot go with a job worker (a second process)');
  }
  return config;
}

function requireInProduction(env: Env) {
  const missing = (
    ['JWT_SECRET', 'DATABASE_URL', 'PUBLIC_APP_URL', 'PUBLIC_ADMIN_URL', 'PUBLIC_SITE_URL'] as const
  ).filter((k) => !env[k]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when SERVER_ENV=${env.SERVER_ENV}`);
  }
  requireSharedState(env);
}

/**
 * Several processes share limits, caches and socket rooms only through Redis; without it each would keep its own,
 * silently (two instances would each allow the whole sign-in limit). So Redis is required unless the operator says
 * this process is the only one, which a process that leaves the jobs to another cannot be.
 */
function requireSharedState(env: Env) {
  if (env.SINGLE_INSTANCE && !env.RUN_JOBS) {
    throw new ConfigError(
      'Invalid configuration: SINGLE_INSTANCE=true cannot go with RUN_JOBS=false (the jobs then run in another process)',
    );
  }
  if (!env.REDIS_URL && !env.SINGLE_INSTANCE) {
    throw new ConfigError(
      `Invalid configuration: REDIS_URL must be set when SERVER_ENV=${env.SERVER_ENV}, since more than one instance ` +
        'may run; set SINGLE_INSTANCE=true if this process is the only one (it serves and runs the jobs)',
    );
  }
}

/** The S3 settings come together: a store half configured would lose uploads at the first write. */
function requireObjectStorage(env: Env) {
  const missing = (
    ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((k) => !env[k]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when STORAGE_DRIVER=s3`);
  }
}

/** A random signing secret kept under DATA_DIR so local sign-ins survive restarts; never used outside local. */
/** The local VAPID subject: push services only read it; nobody is written to locally. */
export const LOCAL_VAPID_SUBJECT = 'mailto:push@darsak.local';

/**
 * Web Push's VAPID settings: all three or none. None outside local mode leaves push off (the settings say it is not
 * offered); in local mode a key pair is made once and kept in DATA_DIR, so browsers' subscriptions outlive restarts.
 */
function vapidOf(env: Env, isLocal: boolean, dataDir: string) {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  const set = [VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT].filter(Boolean).length;
  if (set === 3) return { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT };
  if (set > 0 && !(isLocal && !VAPID_PUBLIC_KEY && !VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together (Web Push); ' +
        'set all three (npx web-push generate-vapid-keys), or none to leave push off',
    );
  }
  if (!isLocal) return {};
  return { ...localVapidKeys(dataDir), VAPID_SUBJECT: VAPID_SUBJECT ?? LOCAL_VAPID_SUBJECT };
}

function localVapidKeys(dataDir: string): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const file = join(dataDir, 'local-vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof localVapidKeys>;
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    // the scalar, padded to its 32 bytes (a leading zero byte is otherwise left out)
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function localSecret(dataDir: string): string {
  const file = join(dataDir, 'local-jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
