import type { CreditNote, Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useHydrated } from './hydrated';

/** `GET /api/orders/:id/credit-notes`: the order's credit notes, one a refund (its buyer or staff). */
export function getCreditNotes(orderId: string): Promise<CreditNote[]> {
  return api.get<CreditNote[]>(`/orders/${encodeURIComponent(orderId)}/credit-notes`);
}

/**
 * The order's credit notes, asked only once something of it was refunded; a new refund (the refunded
 * figure changes) asks again. The browser asks, not the page rendered on the server: the routes do not
 * load them, and the links come once the page is live.
 */
export function useCreditNotes(order: Pick<Order, '_id' | 'refundedAmount'>) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: ['credit-notes', order._id, order.refundedAmount],
    queryFn: () => getCreditNotes(order._id),
    enabled: hydrated && order.refundedAmount > 0,
  });
}
