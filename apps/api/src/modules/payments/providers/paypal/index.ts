import { defineProvider } from '../provider';
import { paypalConfig } from './config';
import { paypalGateway } from './gateway';

/** PayPal wallet payments (Orders v2). */
export const paypal = defineProvider({
  id: 'paypal',
  wording: { label: 'PayPal', payment: 'PayPal', payingWith: 'PayPal', refundTo: 'PayPal account' },
  config: paypalConfig,
  gateway: paypalGateway,
  // PayPal sends its order id back as `token`, with the payer on success.
  returnQuery: (reference, outcome) =>
    outcome === 'paid' ? `&token=${reference}&PayerID=TESTBUYER` : `&token=${reference}`,
});
