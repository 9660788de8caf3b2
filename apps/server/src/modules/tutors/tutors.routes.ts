import { tutorsContract as c } from '@darsak/domain/tutors';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { TutorsService } from './tutors.service.ts';

export const tutorsRoutes: FastifyPluginAsync<{ tutors: TutorsService }> = async (app, { tutors }) => {
  bindContract(app, c.info, ({ user, params }) => tutors.info(user, params.id));
  bindContract(app, c.listOnboarded, ({ query }) => tutors.listOnboarded(query));
  bindContract(app, c.statsPersonalized, ({ user }) => tutors.stats(user, user.id));
  bindContract(app, c.stats, ({ user, params }) => tutors.stats(user, params.id));
  bindContract(app, c.studentStatsPersonalized, ({ user }) => tutors.studentStats(user, user.id));
  bindContract(app, c.studentStats, ({ user, params }) => tutors.studentStats(user, params.id));
  bindContract(app, c.activity, ({ user, params, query }) => tutors.activity(user, params.id, query));
  bindContract(app, c.tutoringMinutes, ({ user }) => tutors.tutoringMinutes(user));
};
