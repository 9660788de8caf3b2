import { couponsContract, planInvitesContract, plansContract } from '@darsak/domain/plans';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { PlansService } from './plans.service.ts';

export const plansRoutes: FastifyPluginAsync<{ plans: PlansService }> = async (app, { plans }) => {
  bindContract(app, plansContract.create, ({ user, body }) => plans.create(user, body));
  bindContract(app, plansContract.list, ({ user, query }) => plans.list(user, query));
  bindContract(app, plansContract.get, ({ user, params }) => plans.get(user, params.id));
  bindContract(app, plansContract.update, ({ user, params, body }) => plans.update(user, params.id, body));
  bindContract(app, plansContract.remove, ({ user, params }) => plans.remove(user, params.id));

  bindContract(app, planInvitesContract.list, ({ query }) => plans.listInvites(query));
  bindContract(app, planInvitesContract.create, ({ user, body }) => plans.createInvite(user, body));
  bindContract(app, planInvitesContract.update, ({ user, body }) => plans.updateInvite(user, body));
  bindContract(app, planInvitesContract.remove, ({ user, params }) => plans.removeInvite(user, params.id));

  bindContract(app, couponsContract.create, ({ user, body }) => plans.createCoupon(user, body));
  bindContract(app, couponsContract.list, ({ query }) => plans.listCoupons(query));
  bindContract(app, couponsContract.check, ({ user, params, query }) => plans.checkCoupon(user, params.code, query));
  bindContract(app, couponsContract.get, ({ params }) => plans.getCoupon(params.id));
  bindContract(app, couponsContract.update, ({ user, params, body }) => plans.updateCoupon(user, params.id, body));
  bindContract(app, couponsContract.remove, ({ user, params }) => plans.removeCoupon(user, params.id));
};
