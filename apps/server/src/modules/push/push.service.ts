import { isIP } from 'node:net';
import { AppError } from '@darsak/domain/errors';
import type { PushEndpointInput, PushKinds, PushSettings, PushSubscriptionInput } from '@darsak/domain/notifications';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { PushDevices } from '../../providers/messaging/web-push.adapter.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './push.repo.ts';

export interface PushDeps {
  db: Db;
  clock: Clock;
  /** The VAPID public key browsers subscribe with; undefined: push is not offered. */
  publicKey: string | undefined;
  /**
   * Local mode: a device's endpoint may be plain http and a local address (the push-service stand-in). Elsewhere only
   * https to a named host, so a subscription cannot point the server at an address inside its own network.
   */
  localEndpoints: boolean;
  /** The push kinds are kept with the notification preferences. */
  kinds: Pick<NotificationsService, 'pushKindsOf' | 'savePushKinds'>;
}

const LOCAL_HOSTS = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

/** Whether the server may send to this endpoint (see `PushDeps.localEndpoints`). */
export function acceptableEndpoint(endpoint: string, local: boolean): boolean {
  if (local) return true;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' && isIP(host) === 0 && !LOCAL_HOSTS.test(host) && url.username === '';
}

/** The messenger's view of the devices: their keys, and what the push service said of them. */
export function pushDevices(db: Db, clock: Clock): PushDevices {
  return {
    keysOf: (endpoint) => repo.keysOf(db, endpoint),
    delivered: (endpoint) => repo.markDelivered(db, endpoint, clock.now()),
    gone: (endpoint) => repo.removeEndpoint(db, endpoint),
  };
}

/** The endpoints of the devices a user subscribed, for the notification policy. */
export const pushEndpoints = (tx: Db, userId: number): Promise<string[]> => repo.endpointsOf(tx, userId);

/**
 * Web Push devices (issue 31): a person subscribes each device she allows, turns each push kind on or off, and the
 * notification policy pushes the kinds she turned on to every device she subscribed (`endpointsOf`).
 */
export function createPushService(deps: PushDeps) {
  const { db, clock } = deps;

  async function settingsOf(tx: Db, userId: number): Promise<PushSettings> {
    return {
      available: deps.publicKey !== undefined,
      publicKey: deps.publicKey ?? null,
      kinds: await deps.kinds.pushKindsOf(tx, userId),
      devices: await repo.countOf(tx, userId),
    };
  }

  return {
    settings: (actor: AuthUser) => settingsOf(db, actor.id),

    async updateKinds(actor: AuthUser, input: { kinds: PushKinds }): Promise<PushSettings> {
      return db.transaction(async (tx) => {
        await deps.kinds.savePushKinds(tx, actor.id, input.kinds);
        return settingsOf(tx, actor.id);
      });
    },

    async subscribe(actor: AuthUser, input: PushSubscriptionInput): Promise<PushSettings> {
      if (deps.publicKey === undefined) throw new AppError('push-unavailable');
      if (!acceptableEndpoint(input.endpoint, deps.localEndpoints)) throw new AppError('invalid-push-endpoint');
      const { endpoint, keys } = input;
      await repo.saveSubscription(db, { userId: actor.id, endpoint, ...keys, createdAt: clock.now() });
      return settingsOf(db, actor.id);
    },

    async unsubscribe(actor: AuthUser, input: PushEndpointInput): Promise<PushSettings> {
      await repo.removeUserSubscription(db, actor.id, input.endpoint);
      return settingsOf(db, actor.id);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
