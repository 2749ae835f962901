import type { AdminUser, UserDashboard } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_KEY } from './get-users';
import { suspendUser } from './suspend-user';
import { updateUser } from './update-user';

/** A flip of one of a user card's switches. */
export type SwitchChange = { kind: 'status'; value: boolean } | { kind: 'role'; value: string };

const SWITCH_MUTATION_KEY = [...ADMIN_USERS_KEY, 'switch'] as const;

/**
 * Status on: `PUT /api/users/update/:id {status: true}`; off: `PUT /api/user-suspended {email}` (which
 * also sets the status false). Admin on: `{roles: ['admin']}`; off: `{roles: ['user']}`; the
 * role select: `{roles: [role]}`.
 */
export function applySwitch(user: AdminUser, change: SwitchChange): Promise<UserDashboard[]> {
  if (change.kind === 'role') return updateUser(user._id, { roles: [change.value] });
  return change.value ? updateUser(user._id, { status: true }) : suspendUser(user.email);
}

type Switches = Pick<AdminUser, 'status' | 'roles'>;

function patched(user: AdminUser, change: SwitchChange): Switches {
  return change.kind === 'status'
    ? { status: change.value, roles: user.roles }
    : { status: user.status, roles: [change.value] };
}

/**
 * The Status and Admin switches of one user, optimistic: every cached list shows the change at once, and
 * only this user's switches go back if the server refuses (a change to another user meanwhile is kept).
 */
export function useUserSwitch(user: AdminUser) {
  const queryClient = useQueryClient();

  const setUser = (switches: Switches) =>
    queryClient.setQueriesData<AdminUser[]>({ queryKey: [...ADMIN_USERS_KEY, 'list'] }, (list) =>
      list?.map((item) => (item._id === user._id ? { ...item, ...switches } : item)),
    );

  return useMutation({
    mutationKey: SWITCH_MUTATION_KEY,
    mutationFn: (change: SwitchChange) => applySwitch(user, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_USERS_KEY });
      const before: Switches = { status: user.status, roles: user.roles };
      setUser(patched(user, change));
      return { before };
    },
    onSuccess: ([now]) => {
      if (now) setUser({ status: now.status, roles: now.roles });
    },
    onError: (_error, _change, context) => {
      if (context) setUser(context.before);
    },
    onSettled: () => {
      // Refetch once the last flip is answered, so a refetch never undoes a flip still on its way.
      if (queryClient.isMutating({ mutationKey: SWITCH_MUTATION_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      }
    },
  });
}
