import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/** Path segments that are themselves a secret: a calendar feed's token, an invitation's token. */
const TOKEN_IN_PATH = /(\/calendar\/|\/invite\/token\/)[^/?#]+/g;
/** Query values that are secrets wherever they appear (`?token=`, a signature, a code). */
const SECRET_QUERY = /([?&][^=&#]*(?:token|secret|signature|code|key|password)[^=&#]*=)[^&#]*/gi;

/** A request's address as the log may keep it: what it reached, never a credential carried in the URL. */
export const loggedUrl = (url: string): string =>
  url.replace(TOKEN_IN_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/** pino options: JSON lines in production, secrets and tokens never logged. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.code'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
