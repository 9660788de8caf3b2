import {
  type ClientErrorCode,
  ERROR_MESSAGES_AR,
  type ErrorCode,
  type ErrorDetails,
  isErrorCode,
} from '@darsak/domain/errors';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failure the API described with a known code (`{code, message, details}`), or one of the client's own
 * codes when no answer arrived: `network-error`, `request-aborted`, `timeout-exceeded` (status 0).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    message?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message ?? ERROR_MESSAGES_AR[code]);
    this.name = 'ApiError';
  }
}

/** A non-2xx answer whose body carries no known code; passed on as it came (spec §8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The code to show for any failure: the API's code, or `unexpected` for everything else. */
export function errorCodeOf(error: unknown): ApiErrorCode {
  return isApiError(error) ? error.code : 'unexpected';
}

/** The HTTP status of a failure, when it has one. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError || error instanceof HttpError) return error.status || undefined;
  return undefined;
}

/** Field errors of a `bad-request` answer (`details.fields`), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!isApiError(error) || !error.details) return {};
  const fields = error.details.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) out[name] = value.filter((v): v is string => typeof v === 'string');
    else if (typeof value === 'string') out[name] = [value];
  }
  return out;
}

export const isKnownErrorBody = (
  body: unknown,
): body is { code: ErrorCode; message?: string; details?: ErrorDetails } =>
  typeof body === 'object' && body !== null && isErrorCode((body as { code?: unknown }).code);
