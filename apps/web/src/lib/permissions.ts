import { BUILT_IN_ROLES, isStaffRole, type Permission } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardQuery } from './dashboard';
import { type SessionUser, useSession } from './session';

/**
 * What a signed-in member of staff may do (issue 38): the dashboard shows only the tabs and buttons their
 * permissions allow. The server checks every call itself; this only spares a member buttons that would
 * answer 403. A built-in role's permissions are known at once; a custom role's come with the dashboard.
 */

const NONE: ReadonlySet<Permission> = new Set();

/** A built-in role's permissions, without asking the server (none for a shopper or a custom role). */
export function builtInPermissions(user: SessionUser | null): ReadonlySet<Permission> {
  const builtIn = user ? BUILT_IN_ROLES[user.role] : undefined;
  return builtIn ? new Set(builtIn) : NONE;
}

/** The signed-in person's permissions: none for a guest or a shopper. */
export function usePermissions(): ReadonlySet<Permission> {
  const { user } = useSession();
  const custom = user !== null && isStaffRole(user.role) && BUILT_IN_ROLES[user.role] === undefined;
  const dashboard = useQuery({ ...dashboardQuery(user?.uid ?? ''), enabled: custom });
  const listed = dashboard.data?.permissions;
  return useMemo(() => (custom ? new Set(listed ?? []) : builtInPermissions(user)), [custom, listed, user]);
}

/** Whether the signed-in person holds the permission. */
export function useCan(permission: Permission): boolean {
  return usePermissions().has(permission);
}
