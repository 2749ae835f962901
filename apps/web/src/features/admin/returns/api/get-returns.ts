import type { ReturnState, StaffReturn } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Every staff view of the returns sits under this key. */
export const ADMIN_RETURNS_KEY = ['admin', 'returns'] as const;

/** `GET /api/returns?state=` (staff): the returns in that state, or all of them, each with its order's currency. */
export async function getReturns(state: ReturnState | ''): Promise<StaffReturn[]> {
  const { returns } = await api.get<{ returns: StaffReturn[] }>('/returns', { state });
  return returns;
}

export const adminReturnsQuery = (state: ReturnState | '') =>
  queryOptions({
    queryKey: [...ADMIN_RETURNS_KEY, state],
    queryFn: () => getReturns(state),
    staleTime: 0,
  });

export function useAdminReturns(state: ReturnState | '') {
  return useQuery(adminReturnsQuery(state));
}
