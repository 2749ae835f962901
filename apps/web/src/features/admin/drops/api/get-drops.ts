import type { DropSummary } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Every staff view of the drops (the list, one drop, its entries) sits under this key. */
export const ADMIN_DROPS_KEY = ['admin', 'drops'] as const;

/** `GET /api/admin/drops` (staff): every drop, newest release first, finished ones too. */
export const staffDropsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_DROPS_KEY, 'list'],
    queryFn: async (): Promise<DropSummary[]> =>
      (await api.get<{ drops: DropSummary[] }>('/admin/drops')).drops,
    staleTime: 0,
  });

export function useStaffDrops() {
  return useQuery(staffDropsQuery());
}
