import type { AdminUserUpdate, UserDashboard } from '@shop/contracts';
import { api } from '../../../../lib/api';

/**
 * `PUT /api/users/update/:id` with the admin-only fields: `{status: true}` reactivates, `{roles: ['admin']}`
 * or `{roles: ['user']}` is the Admin switch. Answers `[dashboard]` of the user as they now are.
 */
export function updateUser(id: string, update: AdminUserUpdate): Promise<UserDashboard[]> {
  return api.put<UserDashboard[]>(`/users/update/${encodeURIComponent(id)}`, update);
}
