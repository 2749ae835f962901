import type { PasswordChange } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/auth/change-password`: the current password and a new one (the sign-up rule). Every other
 * session of the account ends; this one stays signed in.
 */
export function changePassword(input: PasswordChange): Promise<unknown> {
  return api.post('/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
