import { AppError } from '@darsak/domain/errors';
import { paymentsContract } from '@darsak/domain/payments';
import type { Config } from '../../config/env.ts';
import type { Clock } from '../../platform/clock.ts';
import { createFawryGateway } from './fawry.adapter.ts';
import type { FawryGateway, PaymobGateway } from './payment-gateway.ts';
import { createPaymobGateway } from './paymob.adapter.ts';
import { createGatewaySimulator, type Deliver, type GatewaySimulator } from './simulator/gateway-simulator.ts';

type PaymentsConfig = Pick<
  Config,
  | 'isLocal'
  | 'PUBLIC_APP_URL'
  | 'FAWRY_BASE_URL'
  | 'FAWRY_MERCHANT_CODE'
  | 'FAWRY_SECURE_KEY'
  | 'PAYMOB_BASE_URL'
  | 'PAYMOB_SECRET_KEY'
  | 'PAYMOB_PUBLIC_KEY'
  | 'PAYMOB_HMAC_SECRET'
  | 'PAYMOB_INTEGRATION_IDS'
>;

export interface PaymentGateways {
  fawry: FawryGateway;
  paymob: PaymobGateway;
  /** Present when a provider is simulated (local mode without its credentials): its pages are served. */
  simulator: GatewaySimulator | undefined;
}

const notConfigured = () => new AppError('service-unavailable', { reason: 'payment provider not configured' });
const refuse = async (): Promise<never> => {
  throw notConfigured();
};

/** Outside local mode a provider without credentials takes no payments rather than falling back to the simulator. */
const unavailableFawry: FawryGateway = {
  provider: 'fawry',
  payByReference: refuse,
  payByCard: refuse,
  chargeSavedCard: refuse,
  payByWallet: refuse,
  installmentPlanFor: refuse,
  payByInstallments: refuse,
  refund: refuse,
  cancelUnpaid: refuse,
  status: refuse,
  listCards: refuse,
  deleteCard: refuse,
  cardTokenUrl: () => {
    throw notConfigured();
  },
  verifyNotification: () => {
    throw notConfigured();
  },
};

const unavailablePaymob: PaymobGateway = {
  provider: 'paymob',
  createCheckout: refuse,
  refund: refuse,
  status: refuse,
  verifyCallback: () => {
    throw notConfigured();
  },
};

/** Which providers have their credentials set (the real adapters are used for them). */
function configuredProviders(config: Omit<PaymentsConfig, 'PUBLIC_APP_URL'>) {
  return {
    fawry: Boolean(config.FAWRY_MERCHANT_CODE && config.FAWRY_SECURE_KEY),
    paymob: Boolean(
      config.PAYMOB_SECRET_KEY &&
        config.PAYMOB_PUBLIC_KEY &&
        config.PAYMOB_HMAC_SECRET &&
        config.PAYMOB_INTEGRATION_IDS.length > 0,
    ),
  };
}

/**
 * Which providers take payments: configured ones, and in local mode every one (the simulator stands in). The
 * checkout offers only these (public configuration `paymentProviders`).
 */
export function paymentProvidersOf(config: Omit<PaymentsConfig, 'PUBLIC_APP_URL'>) {
  const configured = configuredProviders(config);
  return { fawry: config.isLocal || configured.fawry, paymob: config.isLocal || configured.paymob };
}

/**
 * Each provider goes through its real adapter when its credentials are set; in local mode the gateway simulator
 * stands in for the missing ones (DESIGN §5).
 */
export function createPaymentGateways(
  config: PaymentsConfig,
  deps: { clock: Clock; deliver: Deliver },
): PaymentGateways {
  const appUrl = config.PUBLIC_APP_URL;
  const { fawry: fawryReady, paymob: paymobReady } = configuredProviders(config);
  const simulator =
    config.isLocal && (!fawryReady || !paymobReady)
      ? createGatewaySimulator({ clock: deps.clock, appUrl, deliver: deps.deliver })
      : undefined;

  const fawry =
    config.FAWRY_MERCHANT_CODE && config.FAWRY_SECURE_KEY
      ? createFawryGateway({
          baseUrl: config.FAWRY_BASE_URL,
          merchantCode: config.FAWRY_MERCHANT_CODE,
          secureKey: config.FAWRY_SECURE_KEY,
          webhookUrl: `${appUrl}${paymentsContract.fawryCallback.path}`,
        })
      : (simulator?.fawry ?? unavailableFawry);
  const paymob =
    paymobReady && config.PAYMOB_SECRET_KEY && config.PAYMOB_PUBLIC_KEY && config.PAYMOB_HMAC_SECRET
      ? createPaymobGateway({
          baseUrl: config.PAYMOB_BASE_URL,
          secretKey: config.PAYMOB_SECRET_KEY,
          publicKey: config.PAYMOB_PUBLIC_KEY,
          hmacSecret: config.PAYMOB_HMAC_SECRET,
          integrationIds: config.PAYMOB_INTEGRATION_IDS,
          now: () => deps.clock.now(),
        })
      : (simulator?.paymob ?? unavailablePaymob);
  return { fawry, paymob, simulator };
}
