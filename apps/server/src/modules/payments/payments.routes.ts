import { IDEMPOTENCY_HEADER, paymentsContract, transactionsContract } from '@darsak/domain/payments';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { ReceiptsService } from './payments.receipts.ts';
import type { PaymentsService } from './payments.service.ts';

export const paymentsRoutes: FastifyPluginAsync<{ payments: PaymentsService; receipts: ReceiptsService }> = async (
  app,
  { payments, receipts },
) => {
  const p = paymentsContract;
  bindContract(app, p.payByCard, ({ user, body, raw }) =>
    payments.payByCard(user, body, raw.headers[IDEMPOTENCY_HEADER]),
  );
  bindContract(app, p.payByReference, ({ user, body, raw }) =>
    payments.payByReference(user, body, raw.headers[IDEMPOTENCY_HEADER]),
  );
  bindContract(app, p.payByWallet, ({ user, body, raw }) =>
    payments.payByWallet(user, body, raw.headers[IDEMPOTENCY_HEADER]),
  );
  bindContract(app, p.payByInstallments, ({ user, body, raw }) =>
    payments.payByInstallments(user, body, raw.headers[IDEMPOTENCY_HEADER]),
  );
  bindContract(app, p.paymobCheckoutUrl, ({ user, body, raw }) =>
    payments.paymobCheckout(user, body, raw.headers[IDEMPOTENCY_HEADER]),
  );
  bindContract(app, p.cancelUnpaidOrder, ({ user, body }) => payments.cancelUnpaid(user, body.transactionId));
  bindContract(app, p.refund, ({ user, body }) => payments.refund(user, body));
  bindContract(app, p.cardTokenList, ({ user }) => payments.listCards(user));
  bindContract(app, p.cardTokenDelete, ({ user, query }) => payments.deleteCard(user, query.cardTokenId));
  bindContract(app, p.cardTokenUrl, async ({ user }) => payments.cardTokenUrl(user));
  bindContract(app, p.autoRenewal, ({ user }) => payments.autoRenewal(user));
  bindContract(app, p.autoRenewalOn, ({ user, body }) => payments.autoRenewalOn(user, body));
  bindContract(app, p.autoRenewalOff, ({ user }) => payments.autoRenewalOff(user));
  bindContract(app, p.paymentStatus, ({ user, query }) => payments.status(user, query.transactionId));
  bindContract(app, p.syncPaymentStatus, ({ user, body }) => payments.syncStatus(user, body.transactionId));
  bindContract(app, p.fawryCallback, ({ body }) => payments.fawryCallback(body));
  bindContract(app, p.paymobCallback, ({ query, body }) => payments.paymobCallback(query.hmac, body));

  bindContract(app, transactionsContract.list, ({ user, query }) => payments.list(user, query));
  bindContract(app, transactionsContract.last, ({ user }) => payments.last(user));
  bindContract(app, transactionsContract.get, ({ user, params }) => payments.get(user, params.id));
  bindContract(app, transactionsContract.receipt, async ({ user, params, query, reply }) => {
    const file = await receipts.receipt(user, params.id, query.lang);
    // the file's bytes as they are (a Buffer skips the JSON serializer), saved under its own name, never cached
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store');
    return file.content;
  });
};
