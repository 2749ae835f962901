import type { AccountSession, AccountSessionList } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const ACCOUNT_SESSIONS_KEY = ['account', 'sessions'] as const;

/** `GET /api/account/sessions`: the signed-in person's sessions, newest sign-in first. */
export function getAccountSessions(): Promise<AccountSession[]> {
  return api.get<AccountSessionList>('/account/sessions').then((list) => list.sessions);
}

export function useAccountSessions() {
  return useQuery({ queryKey: ACCOUNT_SESSIONS_KEY, queryFn: getAccountSessions, staleTime: 0 });
}

/** `DELETE /api/account/sessions/:id`: signs one session out; the list is asked again. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/account/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY }),
  });
}

/** Better Auth's `POST /api/auth/revoke-other-sessions`: every session but this one ends. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ status: boolean }>('/auth/revoke-other-sessions', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY }),
  });
}
