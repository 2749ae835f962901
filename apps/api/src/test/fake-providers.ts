import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { type FakePayPal, startFakePayPal } from './fake-paypal';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

export interface FakeProviders {
  stripe(): FakeStripe;
  paypal(): FakePayPal;
  /** The payments config that sends the shop to the fakes (test mode off). */
  payments(): Config['payments'];
}

/**
 * Fake Stripe and PayPal servers for one test file: started in `beforeAll`, stopped in `afterAll`. Call it
 * before `testShop`, so the fakes are up when the shop is built and stop after it closed.
 */
export function fakeProviders(stripeWebhookSecret = 'whsec_test'): FakeProviders {
  let stripe: FakeStripe | undefined;
  let paypal: FakePayPal | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    paypal = await startFakePayPal();
  });
  afterAll(async () => {
    await stripe?.stop();
    await paypal?.stop();
  });
  const started = <T>(fake: T | undefined): T => {
    if (!fake) throw new Error('The fake providers are not started yet');
    return fake;
  };
  return {
    stripe: () => started(stripe),
    paypal: () => started(paypal),
    payments: () => ({
      reservationMinutes: 30,
      testMode: false,
      providers: {
        stripe: {
          secretKey: 'sk_test_shop',
          webhookSecret: stripeWebhookSecret,
          apiUrl: started(stripe).url,
        },
        paypal: {
          clientId: 'paypal-client',
          clientSecret: 'paypal-secret',
          webhookId: 'paypal-webhook',
          apiUrl: started(paypal).url,
        },
      },
    }),
  };
}
