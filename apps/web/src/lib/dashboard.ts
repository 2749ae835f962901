import type { UserDashboard } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api';

/**
 * The signed-in user's dashboard (profile, role, status, favourites), shared by every part of the shop
 * that reads it: the favourite hearts and the account area. The cache holds the dashboard itself (the
 * first element of the API's `[dashboard]` answer), so any writer that gets `[dashboard]` back stores
 * its first element under this key.
 */
export const DASHBOARD_QUERY_KEY = (uid: string) => ['dashboard', uid] as const;

/** GET /api/users/dashboard/:id: the first element of the answer is the dashboard (spec section 7). */
export async function fetchDashboard(uid: string): Promise<UserDashboard> {
  const [dashboard] = await api.get<UserDashboard[]>(`/users/dashboard/${encodeURIComponent(uid)}`);
  if (!dashboard) throw new ApiError(404, 'NOT_FOUND', 'User not found');
  return dashboard;
}

/** Query options for one user's dashboard; use them (or at least the key and fetcher) everywhere. */
export function dashboardQuery(uid: string) {
  return queryOptions({
    queryKey: DASHBOARD_QUERY_KEY(uid),
    queryFn: () => fetchDashboard(uid),
    staleTime: 60_000,
  });
}
