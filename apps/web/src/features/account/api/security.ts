import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getSecurity, registerPasskey, SECURITY_QUERY_KEY } from '../../../lib/security';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/**
 * The Security section's calls: Better Auth's two-factor and passkey endpoints under /api/auth, as the
 * shop checks them (decision 36).
 */

export function useSecurity() {
  return useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: getSecurity });
}

/**
 * After a change: the section reads its state again, the session (Better Auth renews it), and the
 * dashboard, whose staff pages a role that needs a second factor opens only once there is one.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** `POST /api/auth/two-factor/enable`: the otpauth URI and the recovery codes (on once a code is confirmed). */
export function useStartTotp() {
  return useMutation({
    mutationFn: (password: string | undefined) =>
      api.post<Enrolment>('/auth/two-factor/enable', password ? { password } : {}),
  });
}

/** `POST /api/auth/two-factor/verify-totp`: the first code, which turns two-factor on. */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => api.post('/auth/two-factor/verify-totp', { code }),
    onSuccess: refresh,
  });
}

type Challenge = { password: string } | { code: string };

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (challenge: Challenge) => api.post('/auth/two-factor/disable', challenge),
    onSuccess: refresh,
  });
}

export function useRegenerateCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (challenge: Challenge) =>
      api.post<{ backupCodes: string[] }>('/auth/two-factor/generate-backup-codes', challenge),
    onSuccess: refresh,
  });
}

export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (name: string) => registerPasskey(name), onSuccess: refresh });
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => api.post('/auth/passkey/update-passkey', input),
    onSuccess: refresh,
  });
}

/** Removing a passkey asks for a step-up first (the API client opens the dialog). */
export function useDeletePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post('/auth/passkey/delete-passkey', { id }),
    onSuccess: refresh,
  });
}
