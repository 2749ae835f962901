import type { PaymentProvider } from '@shop/contracts';

/** How the payment providers are named to shoppers. */
export const PROVIDER_LABELS: Record<PaymentProvider, string> = { stripe: 'Card (Stripe)', paypal: 'PayPal' };
