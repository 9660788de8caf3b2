import type { ErrorCode } from '@darsak/domain/errors';

/** Named constraints whose violation is a user-facing rule, not a bug (style §9.1). */
const CONSTRAINT_CODES = new Map<string, ErrorCode>();

export function registerConstraintCodes(codes: Record<string, ErrorCode>): void {
  for (const [constraint, code] of Object.entries(codes)) CONSTRAINT_CODES.set(constraint, code);
}

interface PgErrorLike {
  code: string;
  constraint?: string;
}

const isPgError = (e: unknown): e is PgErrorLike =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/** Finds the PostgreSQL error inside driver and ORM wrappers. */
export function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isPgError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs that only a value from the request can cause: a failed check, a malformed or out-of-range value, a
 * too-long string, a NUL byte in text (22021) or in JSON (22P05).
 */
const BAD_VALUE_CODES = new Set(['23514', '22P02', '22003', '22001', '22021', '22P05']);

/** The error code a database error stands for, if it is a known rule violation. */
export function codeForDbError(error: unknown): ErrorCode | undefined {
  const pg = findPgError(error);
  if (!pg) return undefined;
  if (pg.constraint && CONSTRAINT_CODES.has(pg.constraint)) return CONSTRAINT_CODES.get(pg.constraint);
  if (BAD_VALUE_CODES.has(pg.code)) return 'bad-request';
  return undefined;
}

/** SQLSTATEs of a transaction PostgreSQL ended to break a deadlock (40P01) or a serialization conflict (40001). */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** Whether a transaction failed only because of another running beside it, so running it again is the answer. */
export const isRetryableTransactionError = (error: unknown): boolean =>
  RETRYABLE_CODES.has(findPgError(error)?.code ?? '');
