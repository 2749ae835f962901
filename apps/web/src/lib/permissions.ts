import { BUILT_IN_ROLES, isStaffRole, type Permission } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardQuery } from './dashboard';
import { type SessionUser, useSession } from './session';

/**
 * What a signed-in member of staff may do (issue 38): the dashboard shows only the tabs and buttons their
 * permissions allow. The server checks every call itself; this only spares a member buttons that would
 * answer 403. A built-in role's permissions are known at once; the dashboard then says what holds now (a
 * custom role's, or none while the role waits for a second factor).
 */

const NONE: ReadonlySet<Permission> = new Set();

/** A built-in role's permissions, without asking the server (none for a shopper or a custom role). */
export function builtInPermissions(user: SessionUser | null): ReadonlySet<Permission> {
  const builtIn = user ? BUILT_IN_ROLES[user.role] : undefined;
  return builtIn ? new Set(builtIn) : NONE;
}

/** What a member of staff may do now, and whether their role waits for a second factor. */
export interface StaffStanding {
  permissions: ReadonlySet<Permission>;
  /** When the role needs a second factor the account lacks: the staff pages close then (null: nothing due). */
  twoFactorDue: Date | null;
  /** The moment has passed: every staff page waits until a factor is added in Security. */
  withheld: boolean;
}

/**
 * The signed-in member's standing, from their dashboard (which the server answers with their role's
 * permissions and any second factor due); until it comes, a built-in role's permissions.
 */
export function useStaffStanding(): StaffStanding {
  const { user } = useSession();
  const staff = user !== null && isStaffRole(user.role);
  const dashboard = useQuery({ ...dashboardQuery(user?.uid ?? ''), enabled: staff });
  const data = staff ? dashboard.data : undefined;
  return useMemo(() => {
    const builtIn = builtInPermissions(user);
    if (!data) return { permissions: builtIn, twoFactorDue: null, withheld: false };
    const due = data.twoFactorDue ? new Date(data.twoFactorDue) : null;
    const withheld = due !== null && due.getTime() <= Date.now();
    // A built-in role's permissions are the constant's; a custom role's, the dashboard's.
    const held = builtIn.size > 0 ? builtIn : new Set(data.permissions);
    return { permissions: withheld ? NONE : held, twoFactorDue: due, withheld };
  }, [data, user]);
}

/** The signed-in person's permissions: none for a guest or a shopper. */
export function usePermissions(): ReadonlySet<Permission> {
  return useStaffStanding().permissions;
}

/** Whether the signed-in person holds the permission. */
export function useCan(permission: Permission): boolean {
  return usePermissions().has(permission);
}
