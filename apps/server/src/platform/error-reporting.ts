import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { errorReportingEnabled, errorReportingTarget, scrubDeep } from '@darsak/domain/config';
import type { Config } from '../config/env.ts';
import { SERVER_RELEASE, SERVER_VERSION } from './server-root.ts';

/** Where an error happened, as far as the report may say: never a body, never more of the user than the id. */
export interface ErrorContext {
  /** `http` (a request answered 500), `job` (a job's run failed), or the process-level hook that caught it. */
  kind: 'http' | 'job' | 'unhandledRejection' | 'uncaughtException';
  userId?: number;
  request?: { method: string; url: string };
  job?: string;
}

export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Waits for the reports on their way (at most `timeoutMs`): before the process exits. */
  flush(timeoutMs?: number): Promise<void>;
}

const SEND_TIMEOUT_MS = 5000;
/** Reports on their way at once; beyond it (an outage failing every request) more are dropped, not queued. */
const MAX_PENDING = 20;

interface Frame {
  function?: string;
  filename: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

/** V8's `at fn (file:line:col)` lines as Sentry frames, oldest call first as Sentry orders them. */
function framesOf(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const match = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+))?(?::(\d+))?\)?$/.exec(line);
    if (!match?.[2]) continue;
    const [, fn, filename, lineno, colno] = match;
    frames.push({
      ...(fn ? { function: fn } : {}),
      filename,
      ...(lineno ? { lineno: Number(lineno) } : {}),
      ...(colno ? { colno: Number(colno) } : {}),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return frames.reverse();
}

const MAX_CAUSES = 5;

/**
 * The error and its causes (a database error inside the ORM's), as Sentry's chained exceptions: the root cause
 * first, the error that reached us last (the one Sentry names the event by).
 */
function exceptionsOf(error: unknown, context: ErrorContext) {
  const chain: Error[] = [];
  for (let e: unknown = error; e !== undefined && chain.length <= MAX_CAUSES; e = (e as Error).cause) {
    chain.push(e instanceof Error ? e : new Error(String(e)));
    if (!(e instanceof Error)) break;
  }
  const handled = context.kind === 'http' || context.kind === 'job';
  return chain.reverse().map((err) => ({
    type: err.name,
    value: err.message,
    stacktrace: { frames: framesOf(err.stack) },
    mechanism: { type: context.kind, handled },
  }));
}

export interface ReporterOptions {
  dsn: string;
  environment: string;
  release?: string;
  serverName?: string;
  /** Tests and tools: where an undeliverable report is told (stderr by default). */
  onSendError?: (error: unknown) => void;
}

/**
 * Reports errors to a Sentry-protocol endpoint: one event per error in an envelope posted with the DSN's public
 * key, scrubbed of personal data first. Our own few lines instead of @sentry/node, which brings OpenTelemetry
 * and slows start-up. Undefined when the address is no DSN.
 */
export function createErrorReporter(options: ReporterOptions): ErrorReporter | undefined {
  const target = errorReportingTarget(options.dsn);
  if (!target) return undefined;
  const client = `darsak-server/${SERVER_VERSION}`;
  const auth = `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=${client}`;
  const release = options.release ?? SERVER_RELEASE;
  const serverName = options.serverName ?? hostname();
  const onSendError =
    options.onSendError ??
    ((error: unknown) =>
      process.stderr.write(`error report not sent: ${error instanceof Error ? error.message : error}\n`));
  const pending = new Set<Promise<void>>();

  function envelope(error: unknown, context: ErrorContext): string {
    const eventId = randomUUID().replaceAll('-', '');
    const event = scrubDeep({
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      level: context.kind === 'uncaughtException' ? 'fatal' : 'error',
      release,
      environment: options.environment,
      server_name: serverName,
      tags: { kind: context.kind, ...(context.job ? { job: context.job } : {}) },
      ...(context.userId === undefined ? {} : { user: { id: String(context.userId) } }),
      ...(context.request ? { request: context.request } : {}),
      exception: { values: exceptionsOf(error, context) },
      contexts: { runtime: { name: 'node', version: process.version } },
      sdk: { name: 'darsak.server', version: SERVER_VERSION },
    });
    const header = { event_id: eventId, sent_at: new Date().toISOString() };
    return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;
  }

  return {
    capture(error, context) {
      if (pending.size >= MAX_PENDING) return;
      const sent = fetch(target.envelopeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body: envelope(error, context),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
        .then((response) => {
          if (!response.ok) onSendError(new Error(`the endpoint answered ${response.status}`));
        })
        .catch(onSendError)
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    async flush(timeoutMs = SEND_TIMEOUT_MS) {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
      await Promise.race([Promise.allSettled([...pending]).then(() => undefined), timeout]);
    },
  };
}

/** The server's reporter: on when ERROR_REPORTING_URL is a DSN and the server is not local (spec §1). */
export const errorReporterOf = (
  config: Pick<Config, 'ERROR_REPORTING_URL' | 'SERVER_ENV'>,
): ErrorReporter | undefined =>
  config.ERROR_REPORTING_URL && errorReportingEnabled(config.SERVER_ENV)
    ? createErrorReporter({ dsn: config.ERROR_REPORTING_URL, environment: config.SERVER_ENV })
    : undefined;

/**
 * A process's last errors are reported before it stops: an unhandled rejection or uncaught exception still ends
 * the process (Node's own default), after its report is sent.
 */
export function reportProcessFailures(reporter: ErrorReporter | undefined): void {
  if (!reporter) return;
  const fail = (kind: ErrorContext['kind']) => (error: unknown) => {
    process.stderr.write(`${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    reporter.capture(error, { kind });
    void reporter.flush().finally(() => process.exit(1));
  };
  process.on('unhandledRejection', fail('unhandledRejection'));
  process.on('uncaughtException', fail('uncaughtException'));
}
