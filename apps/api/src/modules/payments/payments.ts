import type { PaymentProvider } from '@shop/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PaymentGateway } from './gateway';
import { paypalGateway } from './paypal.gateway';
import { stripeGateway } from './stripe.gateway';
import { testGateway } from './test.gateway';

export type Gateways = Record<PaymentProvider, PaymentGateway | null>;

/** The real provider when its keys are configured, else the test-mode gateway (if test mode is on). */
export function createGateways(config: Config, db: Db): Gateways {
  const { stripe, paypal, testMode } = config.payments;
  return {
    stripe: stripe ? stripeGateway(stripe) : testMode ? testGateway('stripe', db, config.siteUrl) : null,
    paypal: paypal ? paypalGateway(paypal) : testMode ? testGateway('paypal', db, config.siteUrl) : null,
  };
}

/** The provider could not make a payment page: the buyer may try again. */
export function paymentNotStarted(provider: PaymentProvider): AppError {
  return new AppError(
    'PAYMENT_FAILED',
    `${provider === 'stripe' ? 'The card payment' : 'PayPal'} could not be started, please try again`,
  );
}

export function gatewayFor(gateways: Gateways, provider: PaymentProvider): PaymentGateway {
  const gateway = gateways[provider];
  if (!gateway) {
    throw new AppError(
      'PAYMENT_UNAVAILABLE',
      `Paying with ${provider === 'stripe' ? 'a card' : 'PayPal'} is not available right now`,
    );
  }
  return gateway;
}
