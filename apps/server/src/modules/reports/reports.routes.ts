import { reportsContract as c } from '@darsak/domain/reports';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import { incomingFiles, registerUploads } from '../../platform/http/uploads.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsync<{ reports: ReportsService }> = async (app, { reports }) => {
  await registerUploads(app, { limits: { fileSize: c.create.multipart.maxBytes } });
  bindContract(app, c.create, ({ user, raw }) => reports.create(user, incomingFiles(raw, c.create.multipart)));
  bindContract(app, c.list, ({ user, query }) => reports.list(user, query));
  bindContract(app, c.get, ({ user, params }) => reports.get(user, params.id));
  bindContract(app, c.update, ({ user, params, body }) => reports.update(user, params.id, body));
  bindContract(app, c.updateAtSpecPath, ({ user, body: { id, ...move } }) => reports.update(user, id, move));
};
