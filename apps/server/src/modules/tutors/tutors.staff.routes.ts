import { staffTutorsContract as c } from '@darsak/domain/tutors';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { StaffTutorsService } from './tutors.staff.ts';

export const staffTutorsRoutes: FastifyPluginAsync<{ staffTutors: StaffTutorsService }> = async (
  app,
  { staffTutors },
) => {
  bindContract(app, c.list, ({ query }) => staffTutors.list(query));
  bindContract(app, c.uncontacted, ({ query }) => staffTutors.uncontacted(query));
  bindContract(app, c.fullTutors, ({ query }) => staffTutors.fullTutors(query));
  bindContract(app, c.get, ({ params }) => staffTutors.detail(params.tutorId));
  bindContract(app, c.updateTerms, ({ user, params, body }) => staffTutors.updateTerms(user, params.tutorId, body));
  bindContract(app, c.setActivated, ({ user, params, body }) => staffTutors.setActivated(user, params.tutorId, body));
};
