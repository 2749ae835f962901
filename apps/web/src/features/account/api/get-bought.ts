import type { BoughtItem } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const boughtQueryKey = (uid: string) => ['bought', uid] as const;

/** `GET /api/users/bought/:id` (boughtListSchema): one entry per product of the user's aprobed orders. */
export function getBought(uid: string): Promise<BoughtItem[]> {
  return api.get<BoughtItem[]>(`/users/bought/${encodeURIComponent(uid)}`);
}

export const boughtQuery = (uid: string) =>
  queryOptions({ queryKey: boughtQueryKey(uid), queryFn: () => getBought(uid), staleTime: 0 });

export function useBought(uid: string) {
  return useQuery(boughtQuery(uid));
}
