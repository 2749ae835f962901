import { useQuery } from '@tanstack/react-query';
import { dashboardQuery } from '../../../lib/dashboard';

/**
 * `GET /api/users/dashboard/:id`: the profile, role, status and favourites. The cache entry is the one the
 * whole shop shares (lib/dashboard), so a heart pressed anywhere shows here at once.
 */
export function useDashboard(uid: string) {
  return useQuery(dashboardQuery(uid));
}
