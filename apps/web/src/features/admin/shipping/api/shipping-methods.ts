import type { ShippingMethodBody, ShippingMethodRemoval, StaffShippingMethod } from '@shop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const STAFF_SHIPPING_KEY = ['admin', 'shipping-methods'] as const;

/** `GET /api/admin/shipping-methods` (admin): every method, inactive ones included, cheapest first. */
export function staffShippingMethodsQuery() {
  return queryOptions({
    queryKey: STAFF_SHIPPING_KEY,
    queryFn: async () =>
      (await api.get<{ methods: StaffShippingMethod[] }>('/admin/shipping-methods')).methods,
  });
}

export function useStaffShippingMethods() {
  return useQuery(staffShippingMethodsQuery());
}

/** After a change the staff list is asked again, and the buyers' lists (any country) are out of date. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: STAFF_SHIPPING_KEY });
    void queryClient.invalidateQueries({ queryKey: ['shipping-methods'] });
  };
}

/** `POST /api/shipping-methods` (a new method) or `PUT /api/shipping-methods/:id` (a change to one). */
export function useSaveShippingMethod() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ShippingMethodBody }) =>
      id
        ? api.put<StaffShippingMethod>(`/shipping-methods/${encodeURIComponent(id)}`, body)
        : api.post<StaffShippingMethod>('/shipping-methods', body),
    onSuccess: refresh,
  });
}

/** `DELETE /api/shipping-methods/:id`: deleted, or archived when orders name it (`archived: true`). */
export function useDeleteShippingMethod() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (method: StaffShippingMethod) =>
      api.delete<ShippingMethodRemoval>(`/shipping-methods/${encodeURIComponent(method.id)}`),
    onSuccess: refresh,
  });
}
