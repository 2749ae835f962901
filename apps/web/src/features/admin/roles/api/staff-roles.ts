import type { Permission, StaffRole, StaffRoleBody, StaffSettings } from '@shop/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const STAFF_ROLES_KEY = ['admin', 'staff-roles'] as const;
export const STAFF_SETTINGS_KEY = ['admin', 'staff-settings'] as const;

/** `GET /api/staff/roles` (users.roles): the built-in roles, then the owner's, with members. */
export function staffRolesQuery() {
  return queryOptions({
    queryKey: STAFF_ROLES_KEY,
    queryFn: async () => (await api.get<{ roles: StaffRole[] }>('/staff/roles')).roles,
  });
}

export function useStaffRoles(enabled = true) {
  return useQuery({ ...staffRolesQuery(), enabled });
}

function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: STAFF_ROLES_KEY });
}

/** `POST /api/staff/roles`: a role from the permissions. */
export function useCreateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (body: StaffRoleBody) => api.post<StaffRole>('/staff/roles', body),
    onSuccess: refresh,
  });
}

/** `PUT /api/staff/roles/:name`: a custom role's permissions. */
export function useUpdateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ name, permissions }: { name: string; permissions: Permission[] }) =>
      api.put<StaffRole>(`/staff/roles/${encodeURIComponent(name)}`, { permissions }),
    onSuccess: refresh,
  });
}

/** `DELETE /api/staff/roles/:name`: a role nobody holds. */
export function useDeleteRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (name: string) => api.delete<null>(`/staff/roles/${encodeURIComponent(name)}`),
    onSuccess: refresh,
  });
}

/** `GET /api/staff/settings` (settings.write). */
export function useStaffSettings(enabled = true) {
  return useQuery({
    queryKey: STAFF_SETTINGS_KEY,
    queryFn: () => api.get<StaffSettings>('/staff/settings'),
    enabled,
  });
}

/** `PUT /api/staff/settings`. */
export function useSaveStaffSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<StaffSettings>) => api.put<StaffSettings>('/staff/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(STAFF_SETTINGS_KEY, saved),
  });
}
