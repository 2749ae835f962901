import type { AdminUser, UsersOrderSearch } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** How many users one search looks through (the most `GET /api/users` gives in one page). */
export const STAFF_SEARCH_LIMIT = 100;

export interface StaffSearch {
  /** The admins among the users found. */
  staff: AdminUser[];
  /** How many users matched in all (admins or not), up to STAFF_SEARCH_LIMIT. */
  matched: number;
}

/**
 * The staff members whose username or e-mail holds `text`. `GET /api/users` cannot filter by role, so
 * it is asked for the first STAFF_SEARCH_LIMIT users that match, by username, and the admins are kept.
 */
export async function findStaff(text: string): Promise<StaffSearch> {
  const orderSearch: UsersOrderSearch = { search: text, orderBy: { username: 1 } };
  const users = await api.get<AdminUser[]>('/users', {
    orderSearch: JSON.stringify(orderSearch),
    page: 1,
    limit: STAFF_SEARCH_LIMIT,
  });
  return { staff: users.filter((user) => user.roles.includes('admin')), matched: users.length };
}

export function useStaffSearch(text: string) {
  return useQuery({
    queryKey: ['admin', 'staff-search', text],
    queryFn: () => findStaff(text),
    enabled: text !== '',
    staleTime: 60_000,
  });
}
