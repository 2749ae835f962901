import type { InvitationAccepted, InvitationView } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `GET /api/invitations/:token`: the invited address, the role and whether it can still be accepted. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<InvitationView>(`/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/**
 * `POST /api/invitations/:token/accept`: the role is the account's; what the shop knows of it (the session,
 * the dashboard) is asked again, the invitation itself kept as it was so the page says what happened.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InvitationAccepted>(`/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' }),
  });
}
