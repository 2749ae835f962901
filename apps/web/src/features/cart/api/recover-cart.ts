import type { CartRecovery } from '@shop/contracts';
import { api } from '../../../lib/api';

/**
 * `GET /api/cart/recover?token=` (signed in): the lines of the abandoned checkout a reminder's link names,
 * as the cart keeps them, and those no longer to be had.
 */
export function recoverCart(token: string): Promise<CartRecovery> {
  return api.get<CartRecovery>('/cart/recover', { token });
}
