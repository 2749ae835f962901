import { setShopCurrency, type TaxSettings, type TaxSettingsBody } from '@shop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const TAX_SETTINGS_KEY = ['admin', 'tax', 'settings'] as const;

/** `GET /api/tax/settings`: staff get every setting. */
function taxSettingsQuery() {
  return queryOptions({
    queryKey: TAX_SETTINGS_KEY,
    queryFn: () => api.get<TaxSettings>('/tax/settings'),
  });
}

export function useTaxSettings() {
  return useQuery(taxSettingsQuery());
}

/** `PUT /api/tax/settings` with the fields changed; the answer is the settings as they now are. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TaxSettingsBody>) => api.put<TaxSettings>('/tax/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(TAX_SETTINGS_KEY, saved);
      // This page's prices follow at once; other pages read it when they start.
      setShopCurrency(saved.currency);
    },
  });
}
