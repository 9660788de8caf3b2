import { studentsContract } from '@darsak/domain/students';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { StudentsService } from './students.service.ts';

export const studentsRoutes: FastifyPluginAsync<{ students: StudentsService }> = async (app, { students }) => {
  bindContract(app, studentsContract.create, ({ user, body }) => students.create(user, body));
  bindContract(app, studentsContract.update, ({ user, body }) => students.update(user, body));
  bindContract(app, studentsContract.tour, ({ user }) => students.tour(user));
  bindContract(app, studentsContract.completeTour, ({ user }) => students.completeTour(user));
  bindContract(app, studentsContract.get, ({ user, params }) => students.get(user, params.id));
};
