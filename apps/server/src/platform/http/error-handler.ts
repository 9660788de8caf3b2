import { AppError, ERROR_MESSAGES_AR, ERROR_STATUS, type ErrorCode, type ErrorDetails } from '@darsak/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../error-reporting.ts';
import { codeForDbError } from './db-errors.ts';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

export const errorBody = (code: ErrorCode, details?: ErrorDetails): ErrorBody =>
  details ? { code, message: ERROR_MESSAGES_AR[code], details } : { code, message: ERROR_MESSAGES_AR[code] };

/** Fastify's own error codes that are the caller's fault. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad-request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad-request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad-request',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'bad-request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'large-file-size',
  FST_REQ_FILE_TOO_LARGE: 'large-file-size',
  FST_FILES_LIMIT: 'bad-request',
  FST_PARTS_LIMIT: 'bad-request',
  FST_FIELDS_LIMIT: 'bad-request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'bad-request',
  FST_ERR_VALIDATION: 'bad-request',
};

/** Field faults the spec's catalogue names with a code of its own (spec §8: invalid e-mail, incorrect phone). */
const FIELD_FAULT_CODES: Partial<Record<string, ErrorCode>> = {
  'email-invalid': 'invalid-email-address',
  'phone-invalid': 'incorrect-phone',
};

/**
 * The code of a body that failed validation: the spec's own code when every faulty field has the same such fault
 * and the route's contract lists that code, else `bad-request`. Either way the fields come along, so a form
 * marks them as before.
 */
function validationCode(fields: Record<string, string>, routeErrors: readonly ErrorCode[]): ErrorCode {
  const codes = new Set(Object.values(fields).map((fault) => FIELD_FAULT_CODES[fault]));
  const [only] = codes;
  return codes.size === 1 && only && routeErrors.includes(only) ? only : 'bad-request';
}

/**
 * Maps any error to `{code, message, details}`; nothing leaves without a code and no stack trace leaves at all.
 * `routeErrors` are the codes the route's contract lists.
 */
export function toErrorBody(
  error: unknown,
  routeErrors: readonly ErrorCode[] = [],
): { status: number; body: ErrorBody; unexpected: boolean } {
  if (error instanceof AppError)
    return { status: error.status, body: errorBody(error.code, error.details), unexpected: false };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const fields = fieldErrors(error.validation, context);
    const code = validationCode(fields, routeErrors);
    return { status: ERROR_STATUS[code], body: errorBody(code, { fields }), unexpected: false };
  }
  const dbCode = codeForDbError(error);
  if (dbCode) return { status: ERROR_STATUS[dbCode], body: errorBody(dbCode), unexpected: false };
  const fastifyCode = (error as FastifyError | undefined)?.code;
  if (fastifyCode && FASTIFY_CODES[fastifyCode]) {
    const code = FASTIFY_CODES[fastifyCode];
    return { status: ERROR_STATUS[code], body: errorBody(code), unexpected: false };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status === 429) return { status, body: errorBody('too-many-requests'), unexpected: false };
  if (status === 413) return { status, body: errorBody('large-file-size'), unexpected: false };
  if (status === 415) return { status, body: errorBody('unsupported-file-type'), unexpected: false };
  if (status && status >= 400 && status < 500)
    return { status: 400, body: errorBody('bad-request'), unexpected: false };
  return { status: 500, body: errorBody('unexpected'), unexpected: true };
}

/** Every error gets its coded answer; the unexpected ones (500) are logged and reported when reporting is on. */
export function installErrorHandling(app: FastifyInstance, reporter?: ErrorReporter): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = toErrorBody(error, request.routeOptions.config.contractErrors);
    if (unexpected) {
      request.log.error({ err: error }, 'unexpected error');
      reporter?.capture(error, {
        kind: 'http',
        userId: request.user?.id,
        request: { method: request.method, url: request.url },
      });
    }
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('route-not-found')));
}

type ValidationIssue = { instancePath: string; message?: string; params?: Record<string, unknown> };

/** `{ "email": "…", "profile.name": "…" }`; unknown keys are reported under their own names. */
function fieldErrors(issues: ValidationIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = issue.params?.keys;
    if (Array.isArray(keys))
      for (const key of keys) fields[path ? `${path}.${key}` : String(key)] = issue.message ?? '';
    else fields[path || context] = issue.message ?? '';
  }
  return fields;
}
