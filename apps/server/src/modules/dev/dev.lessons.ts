import { MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { demoSessions, interviews } from '../onboarding/onboarding.table.ts';

const LessonNowInput = z.strictObject({
  studentId: z.number().int().min(1),
  tutorId: z.number().int().min(1),
  /** Minutes from now to the start: negative for a lesson already going on. */
  startsInMinutes: z.number().int().min(-29).max(120).default(0),
  durationMinutes: z.union([z.literal(15), z.literal(30)]).default(30),
});

const AppointmentNowInput = z.strictObject({
  kind: z.enum(['interview', 'demoSession']),
  id: z.number().int().min(1),
});

export interface DevLessonDeps {
  db: Db;
  clock: Clock;
  lessons: Pick<LessonsService, 'scheduleLifecycle'>;
}

/**
 * Local mode only: a lesson between two users starting about now, written straight to its table, so browser
 * journeys of the live session have a lesson whose window is open (booking refuses starts inside the tutor's
 * notice period, as it should). It gets a booked lesson's start and end jobs, so its status moves on at its
 * times as a booked one's does. Not part of the API contract; never registered outside local mode.
 */
export const devLessonRoutes: FastifyPluginAsync<DevLessonDeps> = async (app, { db, clock, lessons: lifecycle }) => {
  app.post('/dev/lesson', { schema: { hide: true } }, async (request, reply) => {
    const parsed = LessonNowInput.safeParse(request.body);
    if (!parsed.success) throw new AppError('bad-request', { fields: z.flattenError(parsed.error).fieldErrors });
    const input = parsed.data;
    const startsAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000 + input.startsInMinutes * MS_PER_MINUTE);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(lessons)
        .values({
          studentId: input.studentId,
          tutorId: input.tutorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + input.durationMinutes * MS_PER_MINUTE),
          durationMinutes: input.durationMinutes,
          pricePiastres: input.durationMinutes * 250,
          status: startsAt <= clock.now() ? 'happening' : 'pending',
        })
        .returning();
      if (inserted) await lifecycle.scheduleLifecycle(tx, inserted);
      return inserted;
    });
    return reply.code(201).send({
      lessonId: row?.id,
      startsAt: row?.startsAt.toISOString(),
      endsAt: row?.endsAt.toISOString(),
    });
  });

  /**
   * An interview or demo session booked through the app, moved to have started a minute ago, so a journey can
   * meet in its room and decide it (decisions come only after the start) without waiting for the booked time.
   */
  app.post('/dev/appointment/now', { schema: { hide: true } }, async (request, reply) => {
    const parsed = AppointmentNowInput.safeParse(request.body);
    if (!parsed.success) throw new AppError('bad-request', { fields: z.flattenError(parsed.error).fieldErrors });
    const startsAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000 - MS_PER_MINUTE);
    const moved = { startsAt, endsAt: new Date(startsAt.getTime() + 30 * MS_PER_MINUTE) };
    const table = parsed.data.kind === 'interview' ? interviews : demoSessions;
    const rows = await db
      .update(table as typeof interviews)
      .set(moved)
      .where(eq(table.id, parsed.data.id))
      .returning({ id: table.id });
    if (rows.length === 0)
      throw new AppError(parsed.data.kind === 'interview' ? 'interview-not-found' : 'demo-session-not-found');
    return reply.code(200).send({ startsAt: startsAt.toISOString() });
  });
};
