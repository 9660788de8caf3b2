import { randomBytes } from 'node:crypto';
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

/** Every setting the server reads, with safe local defaults (README "Configuration"). */
export const EnvSchema = z.object({
  SERVER_ENV: AppEnvironment.default('local'),
  CLIENT_ENV: AppEnvironment.optional(),
  HOST: optional,
  PORT: port(3000),
  ADMIN_PORT: port(3001),
  SITE_PORT: port(3002),
  PUBLIC_APP_URL: optional,
  PUBLIC_ADMIN_URL: optional,
  PUBLIC_SITE_URL: optional,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optional,
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
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
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
  /** Bearer token of GET /api/metrics (Prometheus); unset, the endpoint does not exist (404). */
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
  /** Local mode runs the simulators, the outbox page and the Google sign-in stand-in. */
  isLocal: boolean;
}

export class ConfigError extends Error {}

/** Parses and checks the environment once at start; a bad setting stops the server with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isLocal = env.SERVER_ENV === 'local';
  if (!isLocal) requireInProduction(env);
  if (env.STORAGE_DRIVER === 's3') requireObjectStorage(env);
  // Demo accounts share a published password: seeded by default in local mode, never in production.
  const seedDemo = source.SEED_DEMO === undefined ? isLocal : env.SEED_DEMO;
  if (seedDemo && env.SERVER_ENV === 'production')
    throw new ConfigError('Invalid configuration: SEED_DEMO cannot be on in production');
  const dataDir = resolve(env.DATA_DIR);
  const apiDocs = source.API_DOCS === undefined ? isLocal : env.API_DOCS;
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
    isLocal,
  };
}

function requireInProduction(env: Env) {
  const missing = (['JWT_SECRET', 'DATABASE_URL', 'PUBLIC_APP_URL', 'PUBLIC_ADMIN_URL'] as const).filter(
    (k) => !env[k],
  );
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when SERVER_ENV=${env.SERVER_ENV}`);
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
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'local-jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
