import { z } from 'zod';
import { optionalString, optionalUrl } from '../../../../lib/env-schema';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe API (a local fake in tests); null for Stripe's own. */
  apiUrl: string | null;
}

/** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both or none; STRIPE_API_URL optional. */
export const stripeConfig = z
  .object({
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalUrl,
  })
  .transform((e): StripeSettings | null =>
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL ?? null,
        }
      : null,
  );
