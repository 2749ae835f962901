import type { ProfileUpdate, UserDashboard, UserUpdate } from '@shop/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { DASHBOARD_QUERY_KEY } from '../../../lib/dashboard';

/** What a shopper's save sends: the changed fields, and whether to withdraw draw entries to move. */
export type ProfileSave = ProfileUpdate & Pick<UserUpdate, 'withdrawEntries'>;

/** `PUT /api/users/update/:id` with the changed profile fields; answers `[dashboard]`. */
export async function updateProfile(uid: string, changes: ProfileSave): Promise<UserDashboard> {
  const [dashboard] = await api.put<UserDashboard[]>(`/users/update/${encodeURIComponent(uid)}`, changes);
  if (!dashboard) throw new ApiError(500, 'HTTP_ERROR', 'The profile was not saved');
  return dashboard;
}

/** Stores the saved dashboard where every reader of it looks. */
export function storeDashboard(queryClient: QueryClient, uid: string, dashboard: UserDashboard) {
  queryClient.setQueryData(DASHBOARD_QUERY_KEY(uid), dashboard);
}

export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileSave) => updateProfile(uid, changes),
    onSuccess: (dashboard) => storeDashboard(queryClient, uid, dashboard),
  });
}
