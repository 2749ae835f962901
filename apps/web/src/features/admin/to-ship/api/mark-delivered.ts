import type { Shipment } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_ORDERS_KEY } from '../../orders/api/get-orders';

/** `POST /api/orders/:id/shipments/:shipmentId/delivered` (admin): the parcel arrived (once; 409 after). */
export function markDelivered({ orderId, shipmentId }: { orderId: string; shipmentId: string }) {
  return api.post<Shipment>(
    `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/delivered`,
  );
}

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });
}
