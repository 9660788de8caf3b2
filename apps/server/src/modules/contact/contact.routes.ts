import { contactContract } from '@darsak/domain/contact';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract, type PerMinuteLimit } from '../../platform/http/bind-contract.ts';
import type { ContactService } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsync<{
  contact: ContactService;
  /** Per-client limit of the public form (with the sign-in calls' setting). */
  publicPerMinute: PerMinuteLimit;
}> = async (app, { contact, publicPerMinute }) => {
  bindContract(app, contactContract.create, ({ body, user }) => contact.create(body, user), {
    ratePerMinute: publicPerMinute,
  });
};
