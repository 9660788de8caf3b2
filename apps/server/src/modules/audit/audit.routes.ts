import { auditContract } from '@darsak/domain/audit';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { AuditService } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  bindContract(app, auditContract.list, ({ query }) => audit.list(query));
};
