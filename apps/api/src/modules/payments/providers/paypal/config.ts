import { z } from 'zod';
import { optionalString } from '../../../../lib/env-schema';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}

/** PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID, all or none; PAYPAL_API_URL (sandbox). */
export const paypalConfig = z
  .object({
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_WEBHOOK_ID: optionalString,
    PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  })
  .transform((e): PayPalSettings | null =>
    e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
      ? {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          webhookId: e.PAYPAL_WEBHOOK_ID,
          apiUrl: e.PAYPAL_API_URL.replace(/\/$/, ''),
        }
      : null,
  );
