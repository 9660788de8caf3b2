import { MS_PER_DAY } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import * as repo from '../subscriptions/subscriptions.repo.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';

const EndingInput = z.strictObject({
  studentId: z.number().int().min(1),
  /** Days from now to the new end: inside the renewal notice days, so the renewal message is due now. */
  endsInDays: z.number().int().min(1).max(30),
});

export interface DevSubscriptionDeps {
  db: Db;
  clock: Clock;
  subscriptions: Pick<SubscriptionsService, 'rescheduleEndNotice'>;
}

/**
 * Local mode only: brings a student's subscription to the last days of its period (its end moved to `endsInDays`
 * from now) and books its renewal message for that end, as the days passing would, so browser journeys of renewal
 * need not wait a month. Not part of the API contract; never registered outside local mode.
 */
export const devSubscriptionRoutes: FastifyPluginAsync<DevSubscriptionDeps> = async (
  app,
  { db, clock, subscriptions },
) => {
  app.post('/dev/subscription/ending', { schema: { hide: true } }, async (request, reply) => {
    const parsed = EndingInput.safeParse(request.body);
    if (!parsed.success) throw new AppError('bad-request');
    const now = clock.now();
    const endsAt = new Date(now.getTime() + parsed.data.endsInDays * MS_PER_DAY);
    const id = await db.transaction(async (tx) => {
      const row = await repo.lockActive(tx, parsed.data.studentId, now);
      if (!row) throw new AppError('subscription-not-found');
      await repo.moveEndForDev(tx, row.id, endsAt);
      await subscriptions.rescheduleEndNotice(tx, { id: row.id, endsAt });
      return row.id;
    });
    return reply.code(200).send({ id, endsAt: endsAt.toISOString() });
  });
};
