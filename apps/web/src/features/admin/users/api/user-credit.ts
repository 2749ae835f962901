import type { Credit, CreditGrantBody } from '@shop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_USERS_KEY } from './get-users';

const creditKey = (userId: string) => [...ADMIN_USERS_KEY, 'credit', userId] as const;

/** `GET /api/users/:id/credit?page=N` (staff): the balance and one page of the ledger, newest first. */
export function useUserCredit(userId: string, page: number) {
  return useQuery({
    queryKey: [...creditKey(userId), page],
    queryFn: () =>
      api.get<Credit>(`/users/${encodeURIComponent(userId)}/credit`, { page: page > 1 ? page : undefined }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * `POST /api/users/:id/credit {amount, reason}` (staff): a grant, or an adjustment when negative (refused
 * with 409 below a zero balance). Answers the balance and the ledger's first page, which replace what was
 * shown; every other page is read again.
 */
export function useGrantCredit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditGrantBody) =>
      api.post<Credit>(`/users/${encodeURIComponent(userId)}/credit`, body),
    onSuccess: (credit) => {
      queryClient.setQueryData([...creditKey(userId), 1], credit);
      return queryClient.invalidateQueries({
        queryKey: creditKey(userId),
        predicate: (query) => query.queryKey.at(-1) !== 1,
      });
    },
  });
}
