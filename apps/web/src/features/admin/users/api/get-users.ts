import type { AdminUser } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { toOrderSearch, USERS_PAGE_SIZE, type UsersView } from '../users-view';

/** Every users list the staff have looked at sits under this key. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export const usersListKey = (view: UsersView) =>
  [...ADMIN_USERS_KEY, 'list', toOrderSearch(view), view.page] as const;

/** The query string of the list (also sent with `DELETE /api/users/:id`, which answers the same page). */
export function usersListQuery(view: UsersView) {
  return { orderSearch: JSON.stringify(toOrderSearch(view)), page: view.page, limit: USERS_PAGE_SIZE };
}

/**
 * `GET /api/users?orderSearch={"orderBy":{...},"search":"..."}&page=N&limit=20` (admin): one page of users
 * whose username or e-mail holds the search. A page shorter than the limit is the last.
 */
export function getUsers(view: UsersView): Promise<AdminUser[]> {
  return api.get<AdminUser[]>('/users', usersListQuery(view));
}

export function useUsers(view: UsersView) {
  return useQuery({
    queryKey: usersListKey(view),
    queryFn: () => getUsers(view),
    // Turning a page keeps the old one on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
