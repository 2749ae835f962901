import type { PaymentProvider } from '@shop/contracts';

/**
 * The providers the checkout offers: each has its own flow in features/checkout (Stripe's page URL,
 * PayPal's approve link and execute step), as the spec writes them.
 */
export const CHECKOUT_PROVIDERS = ['stripe', 'paypal'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];

/** How the providers are named to shoppers: the API's registry names them so (GET /api/payments/providers). */
const LABELS: Partial<Record<PaymentProvider, string>> = { stripe: 'Card (Stripe)', paypal: 'PayPal' };

/** A provider's name for shoppers; its id for one the web does not know. */
export const providerLabel = (provider: PaymentProvider): string => LABELS[provider] ?? provider;
