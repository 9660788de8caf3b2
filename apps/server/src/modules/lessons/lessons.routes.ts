import { lessonsContract as c } from '@darsak/domain/lessons';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { LessonsService } from './lessons.service.ts';

export const lessonsRoutes: FastifyPluginAsync<{ lessons: LessonsService }> = async (app, { lessons }) => {
  bindContract(app, c.book, ({ user, body }) => lessons.book(user, body));
  bindContract(app, c.list, ({ user, query }) => lessons.list(user, query));
  bindContract(app, c.attendedStats, ({ user }) => lessons.attendedStats(user));
  bindContract(app, c.calendarLink, async ({ user }) => lessons.calendarLink(user));
  bindContract(app, c.calendarFeed, async ({ params, reply }) => {
    const ics = await lessons.calendarFeed(params.token);
    // Calendar apps read the body as text/calendar, not as a JSON string.
    reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300');
    reply.serializer((payload: string) => payload);
    return ics;
  });
  bindContract(app, c.get, ({ user, params }) => lessons.get(user, params.id));
  bindContract(app, c.rebook, ({ user, body }) => lessons.rebook(user, body));
  bindContract(app, c.cancel, ({ user, params }) => lessons.cancel(user, params.id));
  bindContract(app, c.endAsTutorAbsent, ({ user, params }) => lessons.endAsTutorAbsent(user, params.id));
};
