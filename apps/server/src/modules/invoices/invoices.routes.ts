import { invoicesContract as c, withdrawMethodsContract as m } from '@darsak/domain/invoices';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import { incomingFiles, registerUploads } from '../../platform/http/uploads.ts';
import type { InvoicesService } from './invoices.service.ts';

export const invoicesRoutes: FastifyPluginAsync<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  await registerUploads(app, { limits: { fileSize: c.fulfil.multipart.maxBytes } });
  bindContract(app, c.create, ({ user, body }) => invoices.create(user, body));
  bindContract(app, c.list, ({ user, query }) => invoices.list(user, query));
  bindContract(app, c.stats, ({ user, params }) => invoices.balance(user, params.id));
  bindContract(app, c.earnings, ({ user, query }) => invoices.earnings(user, query));
  bindContract(app, c.update, ({ user, params, body }) => invoices.update(user, params.id, body));
  bindContract(app, c.cancel, ({ user, params }) => invoices.requestCancel(user, params.id));
  bindContract(app, c.act, ({ user, params, body }) => invoices.act(user, params.id, body));
  bindContract(app, c.fulfil, ({ user, params, raw }) =>
    invoices.fulfil(user, params.id, incomingFiles(raw, c.fulfil.multipart)),
  );
  bindContract(app, c.note, ({ user, params, body }) => invoices.setNote(user, params.id, body.note));

  bindContract(app, m.list, ({ user }) => invoices.listMethods(user));
  bindContract(app, m.create, ({ user, body }) => invoices.createMethod(user, body));
  bindContract(app, m.update, ({ user, params, body }) => invoices.updateMethod(user, params.id, body));
  bindContract(app, m.remove, ({ user, params }) => invoices.removeMethod(user, params.id));
};
