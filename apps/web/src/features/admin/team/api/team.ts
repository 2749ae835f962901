import type { Invitation, InvitationBody, SessionsEnded, StaffList, StaffMember } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const STAFF_KEY = ['admin', 'staff'] as const;

/** `GET /api/staff` (admin): the members of staff, by username. */
export function getStaff(): Promise<StaffMember[]> {
  return api.get<StaffList>('/staff').then((list) => list.members);
}

export function useStaff() {
  return useQuery({ queryKey: STAFF_KEY, queryFn: getStaff, staleTime: 0 });
}

/** `DELETE /api/staff/:userId/sessions` (admin): the member is signed out everywhere. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: StaffMember) =>
      api.delete<SessionsEnded>(`/staff/${encodeURIComponent(member.id)}/sessions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/**
 * `DELETE /api/users/:id/two-factor` (users.roles, after a step-up): the member's authenticator app,
 * recovery codes and passkeys are removed, and they are e-mailed.
 */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: StaffMember) =>
      api.delete<null>(`/users/${encodeURIComponent(member.id)}/two-factor`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** `POST /api/staff/invitations` (admin): the invitee is e-mailed a link that works once, for 72 hours. */
export function useInvite() {
  return useMutation({
    mutationFn: (body: InvitationBody) => api.post<Invitation>('/staff/invitations', body),
  });
}
