import type { Shipment, ShipmentBody } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_ORDERS_KEY } from '../../orders/api/get-orders';

/**
 * `POST /api/orders/:id/shipments` (admin): these units left with this carrier under this tracking number
 * (201, the parcel). A line already shipped, or more than is left of it, is a 409 naming the line.
 */
export function shipOrder({ orderId, body }: { orderId: string; body: ShipmentBody }): Promise<Shipment> {
  return api.post<Shipment>(`/orders/${encodeURIComponent(orderId)}/shipments`, body);
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Whatever the answer (a rival may have shipped the line), the lists show the order as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });
}
