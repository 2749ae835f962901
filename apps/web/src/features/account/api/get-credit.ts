import type { Credit } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/users/:id/credit?page=` (the owner): the store credit balance and one page of its history. */
export function getCredit(uid: string, page: number): Promise<Credit> {
  return api.get<Credit>(`/users/${encodeURIComponent(uid)}/credit`, { page });
}

export function useCreditHistory(uid: string, page: number) {
  return useQuery({
    queryKey: ['credit', uid, page],
    queryFn: () => getCredit(uid, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
