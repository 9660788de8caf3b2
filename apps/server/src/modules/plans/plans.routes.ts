import { couponsContract, planInvitesContract, plansContract } from '@darsak/domain/plans';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { PlansService } from './plans.service.ts';

export const plansRoutes: FastifyPluginAsync<{ plans: PlansService }> = async (app, { plans }) => {
  bindContract(app, plansContract.create, ({ body }) => plans.create(body));
  bindContract(app, plansContract.list, ({ user, query }) => plans.list(user, query));
  bindContract(app, plansContract.get, ({ user, params }) => plans.get(user, params.id));
  bindContract(app, plansContract.update, ({ params, body }) => plans.update(params.id, body));
  bindContract(app, plansContract.remove, ({ params }) => plans.remove(params.id));

  bindContract(app, planInvitesContract.list, ({ query }) => plans.listInvites(query));
  bindContract(app, planInvitesContract.create, ({ user, body }) => plans.createInvite(user, body));
  bindContract(app, planInvitesContract.update, ({ body }) => plans.updateInvite(body));
  bindContract(app, planInvitesContract.remove, ({ params }) => plans.removeInvite(params.id));

  bindContract(app, couponsContract.create, ({ user, body }) => plans.createCoupon(user, body));
  bindContract(app, couponsContract.list, ({ query }) => plans.listCoupons(query));
  bindContract(app, couponsContract.check, ({ user, params, query }) => plans.checkCoupon(user, params.code, query));
  bindContract(app, couponsContract.get, ({ params }) => plans.getCoupon(params.id));
  bindContract(app, couponsContract.update, ({ params, body }) => plans.updateCoupon(params.id, body));
  bindContract(app, couponsContract.remove, ({ params }) => plans.removeCoupon(params.id));
};
