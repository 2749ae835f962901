import type { TaxRegistration, TaxRegistrationBody } from '@shop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const TAX_REGISTRATIONS_KEY = ['admin', 'tax', 'registrations'] as const;

/** `GET /api/tax/registrations` (admin): the places where the shop collects tax. */
function taxRegistrationsQuery() {
  return queryOptions({
    queryKey: TAX_REGISTRATIONS_KEY,
    queryFn: async () =>
      (await api.get<{ registrations: TaxRegistration[] }>('/tax/registrations')).registrations,
  });
}

export function useTaxRegistrations() {
  return useQuery(taxRegistrationsQuery());
}

function useRefreshRegistrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TAX_REGISTRATIONS_KEY });
}

/** `POST /api/tax/registrations`: 409 when already registered there, 400 when the place has no rates. */
export function useAddTaxRegistration() {
  const refresh = useRefreshRegistrations();
  return useMutation({
    mutationFn: (body: TaxRegistrationBody) => api.post<TaxRegistration>('/tax/registrations', body),
    onSuccess: refresh,
  });
}

/** `DELETE /api/tax/registrations/:id`: the shop stops collecting tax there, for new orders. */
export function useDeleteTaxRegistration() {
  const refresh = useRefreshRegistrations();
  return useMutation({
    mutationFn: (registration: TaxRegistration) =>
      api.delete<TaxRegistration>(`/tax/registrations/${encodeURIComponent(registration.id)}`),
    onSuccess: refresh,
  });
}
