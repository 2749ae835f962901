import type { Order } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/orders/:id/pay`: the payment page of the user's own pending order (`{url}`), to pay it after all. */
export async function payOrder(id: Order['_id']): Promise<string> {
  const { url } = await api.post<{ url: string }>(`/orders/${encodeURIComponent(id)}/pay`);
  return url;
}

/** Sends the browser to the payment page; the order stays pending until the provider confirms. */
export function usePayOrder() {
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (url) => window.location.assign(url),
  });
}
