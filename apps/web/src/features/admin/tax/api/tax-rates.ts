import type { TaxRate, TaxRateBody } from '@shop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const TAX_RATES_KEY = ['admin', 'tax', 'rates'] as const;

/** `GET /api/tax/rates` (admin): the whole rate table, every place, category and period. */
function taxRatesQuery() {
  return queryOptions({
    queryKey: TAX_RATES_KEY,
    queryFn: async () => (await api.get<{ rates: TaxRate[] }>('/tax/rates')).rates,
  });
}

export function useTaxRates() {
  return useQuery(taxRatesQuery());
}

function useRefreshRates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TAX_RATES_KEY });
}

/** `POST /api/tax/rates` (a new rate) or `PUT /api/tax/rates/:id` (a change, or its last day). */
export function useSaveTaxRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TaxRateBody }) =>
      id
        ? api.put<TaxRate>(`/tax/rates/${encodeURIComponent(id)}`, body)
        : api.post<TaxRate>('/tax/rates', body),
    onSuccess: refresh,
  });
}

/** `DELETE /api/tax/rates/:id`: orders already placed keep the tax they were charged. */
export function useDeleteTaxRate() {
  const refresh = useRefreshRates();
  return useMutation({
    mutationFn: (rate: TaxRate) => api.delete<TaxRate>(`/tax/rates/${encodeURIComponent(rate.id)}`),
    onSuccess: refresh,
  });
}
