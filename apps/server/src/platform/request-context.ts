import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request some work runs for, known without passing it by hand: entered for each HTTP request
 * (http/request-id.ts) and for each job a request queued (jobs/queue.ts), and read where the work leaves a trace
 * that outlives it (a queued job, an outbox message), so one id leads from the proxy's log to the delivery.
 */
const requestIds = new AsyncLocalStorage<string>();

/** The id of the request this code runs for; undefined outside any (a cron job, the start-up). */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs `work` for the request `requestId`; with none, for no request, whatever the caller ran for. */
export function runForRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? requestIds.exit(work) : requestIds.run(requestId, work);
}
