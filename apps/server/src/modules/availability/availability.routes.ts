import { availabilityContract as c } from '@darsak/domain/availability';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { AvailabilityService } from './availability.service.ts';

export const availabilityRoutes: FastifyPluginAsync<{
  availability: AvailabilityService;
  lessons: Pick<LessonsService, 'freeTimes'>;
}> = async (app, { availability, lessons }) => {
  bindContract(app, c.list, ({ user, query }) => availability.list(user, query.tutorId));
  bindContract(app, c.replace, ({ user, body }) => availability.replace(user, body));
  // Free times are booking's arithmetic (slots, held lessons, the student's week): the lessons module answers.
  bindContract(app, c.free, ({ user, query }) => lessons.freeTimes(user, query));
};
