import { defineProvider } from '../provider';
import { stripeConfig } from './config';
import { stripeGateway } from './gateway';

/** Card payments through Stripe Checkout. */
export const stripe = defineProvider({
  id: 'stripe',
  wording: { label: 'Card (Stripe)', payment: 'The card payment', payingWith: 'a card', refundTo: 'card' },
  config: stripeConfig,
  gateway: stripeGateway,
  // Stripe fills in the session id on the way back; giving up adds nothing.
  returnQuery: (reference, outcome) => (outcome === 'paid' ? `&session_id=${reference}` : ''),
});
