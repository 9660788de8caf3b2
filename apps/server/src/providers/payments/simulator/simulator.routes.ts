import { AppError } from '@darsak/domain/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GatewaySimulator } from './gateway-simulator.ts';
import { cardTokenPage, indexPage, orderPage } from './simulator.pages.ts';

const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

const MerchantRefParams = z.object({ merchantRef: z.string().min(1).max(100) });
const Action = z.object({ action: z.enum(['pay', 'fail', 'expire']) });
const CardTokenQuery = z.object({
  accNo: z.string().max(100).optional(),
  customerProfileId: z.string().regex(/^\d{1,10}$/),
  returnUrl: z.string().url().max(2000),
  locale: z.string().max(10).optional(),
});
const CardForm = z.object({
  customerProfileId: z.string().regex(/^\d{1,10}$/),
  returnUrl: z.string().url().max(2000),
  cardNumber: z.string().transform((v) => v.replace(/[\s-]/g, '')),
  expiry: z.string().trim(),
  cvv: z.string().trim(),
});

const DEFAULT_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30' };

/**
 * Local mode only: the simulated gateway's pages (DESIGN §5). Not part of the API contract, so hidden from the
 * OpenAPI document. The card page returns only to this app's own pages.
 */
export const gatewaySimulatorRoutes: FastifyPluginAsync<{ simulator: GatewaySimulator; appUrl: string }> = async (
  app,
  { simulator, appUrl },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const ownPage = (url: string) => new URL(url).origin === new URL(appUrl).origin;

  app.get('/dev/gateway', { schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, indexPage(simulator.orders())),
  );

  app.get(
    '/dev/gateway/pay/:merchantRef',
    { schema: { hide: true, params: MerchantRefParams } },
    async (request, reply) => {
      const { merchantRef } = request.params as z.infer<typeof MerchantRefParams>;
      const order = simulator.order(merchantRef);
      if (!order) throw new AppError('transaction-not-found');
      return sendHtml(reply, orderPage(order));
    },
  );

  app.post(
    '/dev/gateway/pay/:merchantRef',
    { schema: { hide: true, params: MerchantRefParams } },
    async (request, reply) => {
      const { merchantRef } = request.params as z.infer<typeof MerchantRefParams>;
      const choice = Action.safeParse(request.body);
      if (!choice.success) throw new AppError('bad-request', { fields: { action: 'invalid' } });
      const order = await simulator.act(merchantRef, choice.data.action);
      if (!order) throw new AppError('transaction-not-found');
      // After a 3-D Secure step or a hosted checkout the browser goes back to Darsak, as with the real providers.
      if (order.returnUrl && ownPage(order.returnUrl)) return reply.redirect(order.returnUrl, 303);
      return sendHtml(reply, orderPage(order, 'تم تسجيل اختيارك وإبلاغ درسك.'));
    },
  );

  app.get(
    '/dev/gateway/card-token',
    { schema: { hide: true, querystring: CardTokenQuery } },
    async (request, reply) => {
      const { customerProfileId, returnUrl } = request.query as z.infer<typeof CardTokenQuery>;
      if (!ownPage(returnUrl)) throw new AppError('bad-request', { fields: { returnUrl: 'url-invalid' } });
      return sendHtml(reply, cardTokenPage({ customerProfileId, returnUrl, ...DEFAULT_CARD }));
    },
  );

  app.post('/dev/gateway/card-token', { schema: { hide: true } }, async (request, reply) => {
    const form = CardForm.safeParse(request.body);
    if (!form.success || !ownPage(form.data.returnUrl))
      throw new AppError('bad-request', { fields: { form: 'invalid' } });
    const { customerProfileId, returnUrl, cardNumber, expiry, cvv } = form.data;
    if (!/^\d{13,19}$/.test(cardNumber) || !/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry) || !/^\d{3,4}$/.test(cvv)) {
      const error =
        'راجع البيانات: رقم البطاقة من 13 إلى 19 رقمًا، وتاريخ الانتهاء بالشكل MM/YY، ورمز التحقق 3 أو 4 أرقام.';
      return sendHtml(reply, cardTokenPage({ customerProfileId, returnUrl, cardNumber, expiry, error }), 400);
    }
    simulator.addCard(customerProfileId, cardNumber);
    const back = new URL(returnUrl);
    back.searchParams.set('statusCode', '200');
    back.searchParams.set('statusDescription', 'Operation done successfully');
    return reply.redirect(back.toString(), 303);
  });
};
