import type { PaymentProviderInfo } from '@shop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { paymentProvidersQuery } from '../lib/payment-providers';

/** The API's registry of tenders (GET /api/payments/providers) in test mode: the providers, then store credit. */
export const PAYMENT_PROVIDERS: PaymentProviderInfo[] = [
  { id: 'stripe', label: 'Card (Stripe)', available: true },
  { id: 'paypal', label: 'PayPal', available: true },
  { id: 'store_credit', label: 'Store credit', available: true },
];

/**
 * A fresh query cache for one test, no retries, holding what every server-rendered page brings along
 * (app/route-data's layout): the providers' names.
 */
export function testQueryClient(queries: { staleTime?: number } = {}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
  client.setQueryData(paymentProvidersQuery.queryKey, PAYMENT_PROVIDERS);
  return client;
}
