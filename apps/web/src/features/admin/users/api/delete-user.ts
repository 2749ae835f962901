import type { AdminUser } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toQueryString } from '../../../../lib/api';
import type { UsersView } from '../users-view';
import { ADMIN_USERS_KEY, usersListKey, usersListQuery } from './get-users';

/**
 * `DELETE /api/users/:id?orderSearch=...&page=N` (admin): the user's reviews and favourites go, their orders
 * stay without personal data. Answers the same page of the list without them.
 */
export function deleteUser(id: string, view: UsersView): Promise<AdminUser[]> {
  return api.delete<AdminUser[]>(`/users/${encodeURIComponent(id)}${toQueryString(usersListQuery(view))}`);
}

export function useDeleteUser(view: UsersView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUser) => deleteUser(user._id, view),
    onSuccess: (list) => {
      // Other pages and searches are out of date; this one is what the server just answered.
      queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY, refetchType: 'none' });
      queryClient.setQueryData(usersListKey(view), list);
    },
  });
}
