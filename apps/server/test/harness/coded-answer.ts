import { ERROR_STATUS, isErrorCode } from '@darsak/domain/errors';

interface Answer {
  statusCode: number;
  body: string;
}

/** The answer's error code, when its body is a coded error. */
export function errorCodeOf(answer: Answer): string | undefined {
  try {
    const body = JSON.parse(answer.body) as { code?: unknown };
    return typeof body?.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with an answer to a failing request: undefined when it is a coded 4xx (`{code, message}` with a
 * catalogue code whose status is the answer's status), otherwise a short description.
 */
export function codedClientErrorProblem(answer: Answer): string | undefined {
  if (answer.statusCode < 400) return `accepted with ${answer.statusCode}`;
  return codedErrorProblem(answer);
}

/** Like `codedClientErrorProblem` for any error status; undefined for a success or a well-coded error. */
export function codedErrorProblem(answer: Answer): string | undefined {
  if (answer.statusCode < 400) return undefined;
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answered ${answer.statusCode} without a JSON body: ${answer.body.slice(0, 200)}`;
  }
  if (!isErrorCode(body.code))
    return `answered ${answer.statusCode} with an unknown code: ${answer.body.slice(0, 200)}`;
  if (typeof body.message !== 'string' || body.message === '') return `answered ${body.code} without a message`;
  if (ERROR_STATUS[body.code] !== answer.statusCode)
    return `answered ${answer.statusCode} for ${body.code}, whose status is ${ERROR_STATUS[body.code]}`;
  if (answer.statusCode >= 500) return `answered ${answer.statusCode} ${body.code}`;
  return undefined;
}
