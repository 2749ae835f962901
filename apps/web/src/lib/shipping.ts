import type { ShippingMethod } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * `GET /api/shipping-methods?country=`: the methods serving the country (as a profile holds it), cheapest
 * first; every offered method without a country. Shared by the cart and the checkout.
 */
export function shippingMethodsQuery(country?: string) {
  return queryOptions({
    queryKey: ['shipping-methods', country ?? null] as const,
    queryFn: async () =>
      (
        await api.get<{ methods: ShippingMethod[] }>(
          '/shipping-methods',
          country === undefined ? {} : { country },
        )
      ).methods,
    staleTime: 60_000,
  });
}
