import { randomUUID } from 'node:crypto';
import type { Messenger } from './messenger.ts';

/**
 * The stand-in for a channel without credentials: nothing leaves the machine. The message is already a row in
 * the outbox table, which a person reads at /dev/outbox in local mode; "sending" only marks it delivered there.
 */
export const outboxMessenger: Messenger = {
  delivery: 'outbox',
  send: async () => `outbox-${randomUUID()}`,
};
