import { staffLessonsContract as c } from '@darsak/domain/lessons';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { StaffLessonsService } from './lessons.staff.ts';

export const staffLessonsRoutes: FastifyPluginAsync<{ staff: StaffLessonsService }> = async (app, { staff }) => {
  bindContract(app, c.list, ({ query }) => staff.list(query));
  bindContract(app, c.record, ({ user, params }) => staff.record(user, params.id));
  bindContract(app, c.cancel, ({ user, params, body }) => staff.cancel(user, params.id, body.reason));
};
