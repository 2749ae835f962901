import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `DELETE /api/account` (204): the signed-in user's account goes, with their reviews and favourites; their
 * orders stay in the shop's books without personal data. The session ends with it.
 */
export function deleteAccount(): Promise<void> {
  return api.delete<void>('/account');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
