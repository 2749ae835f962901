import type { PaymentProvider, PaymentProviderInfo } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api';

/**
 * The providers the checkout offers: each has its own flow in features/checkout (Stripe's page URL,
 * PayPal's approve link and execute step), as the spec writes them.
 */
export const CHECKOUT_PROVIDERS = ['stripe', 'paypal'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];

/**
 * `GET /api/payments/providers`: the API's registry of providers, with the name each is shown by. Every
 * server-rendered page loads it (app/route-data), so a page never shows an id before its name.
 */
export const paymentProvidersQuery = queryOptions({
  queryKey: ['payment-providers'],
  queryFn: () => api.get<PaymentProviderInfo[]>('/payments/providers'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** A provider's name for shoppers and staff, as the registry gives it; its id until the registry answers. */
export function useProviderLabel(): (provider: PaymentProvider) => string {
  const providers = useQuery(paymentProvidersQuery).data;
  return useCallback(
    (provider) => providers?.find((known) => known.id === provider)?.label ?? provider,
    [providers],
  );
}
