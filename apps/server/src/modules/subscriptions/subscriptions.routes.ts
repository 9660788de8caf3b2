import { subscriptionsContract } from '@darsak/domain/subscriptions';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { SubscriptionPauses } from './subscriptions.pause.ts';
import type { SubscriptionRenewals } from './subscriptions.renewal.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

export const subscriptionsRoutes: FastifyPluginAsync<{
  subscriptions: SubscriptionsService;
  pauses: SubscriptionPauses;
  renewals: SubscriptionRenewals;
}> = async (app, { subscriptions, pauses, renewals }) => {
  bindContract(app, subscriptionsContract.current, ({ user }) => subscriptions.current(user));
  bindContract(app, subscriptionsContract.list, ({ user, query }) => subscriptions.list(user, query));
  bindContract(app, subscriptionsContract.cancel, ({ user, body }) => subscriptions.cancel(user, body));
  bindContract(app, subscriptionsContract.cancelNext, ({ user, body }) => renewals.cancelNext(user, body));
  bindContract(app, subscriptionsContract.freeTrial, ({ user, body }) => subscriptions.startFreeTrial(user, body));
  bindContract(app, subscriptionsContract.upgradeQuote, ({ user, query }) => subscriptions.quoteUpgrade(user, query));
  bindContract(app, subscriptionsContract.pausePreview, ({ user, body }) => pauses.preview(user, body));
  bindContract(app, subscriptionsContract.pause, ({ user, body }) => pauses.pause(user, body));
  bindContract(app, subscriptionsContract.endPause, ({ user }) => pauses.end(user));
  bindContract(app, subscriptionsContract.staffEndPause, ({ user, params, body }) =>
    pauses.endByStaff(user, params.id, body.reason),
  );
  bindContract(app, subscriptionsContract.get, ({ user, params }) => subscriptions.get(user, params.id));
};
