import type { ErasureOutcome } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `DELETE /api/account`: the signed-in person's personal data is erased (`{ erased: true }`: their reviews
 * and favourites go, their orders stay in the shop's books without it, the session ends), or the erasure is
 * held while an order is open or a return in progress (`{ heldUntil, reason }`), and done once nothing holds it.
 */
export function deleteAccount(): Promise<ErasureOutcome> {
  return api.delete<ErasureOutcome>('/account');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
