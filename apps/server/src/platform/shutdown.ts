import type { FastifyBaseLogger } from 'fastify';

/**
 * SIGTERM (an orchestrator stopping the process) or SIGINT (Ctrl-C) runs `stop` once, then the process exits: 0 when
 * it finished within `timeoutMs`, 1 when it failed or did not finish. The timeout stays inside the orchestrator's
 * grace period (compose.yaml's stop_grace_period), whose SIGKILL would skip the flushes and say nothing.
 */
export function exitOnStopSignals(
  log: FastifyBaseLogger,
  timeoutMs: number,
  stop: (signal: NodeJS.Signals) => Promise<void>,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const startedAt = performance.now();
    const ms = () => Math.round(performance.now() - startedAt);
    log.info({ signal }, 'stopping');
    const deadline = setTimeout(() => {
      log.error({ signal, ms: ms() }, 'did not stop within the drain timeout: exiting with what is left cut off');
      process.exit(1);
    }, timeoutMs);
    stop(signal).then(
      () => {
        clearTimeout(deadline);
        log.info({ signal, ms: ms() }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error, signal, ms: ms() }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
