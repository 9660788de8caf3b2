import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/** pino options: JSON lines in production, secrets and tokens never logged. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.code'],
    ...(stream ? { stream } : {}),
  };
}
