import type { UserDashboard } from '@shop/contracts';
import { api } from '../../../../lib/api';

/**
 * `PUT /api/user-suspended` with `{email}` (admin): the spec's suspend call. The server sets the status to
 * false and ends the user's sessions in the same step, so it is the only call the Status switch needs.
 */
export function suspendUser(email: string): Promise<UserDashboard[]> {
  return api.put<UserDashboard[]>('/user-suspended', { email });
}
