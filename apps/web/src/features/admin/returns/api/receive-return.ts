import type { OrderReturn, ReturnReceiveBody } from '@shop/contracts';
import { api } from '../../../../lib/api';
import { useReturnChange } from './use-return-change';

export interface ReceiveReturnInput {
  id: string;
  lines: ReturnReceiveBody['lines'];
}

/**
 * `POST /api/returns/:id/receive` `{ lines: [{ productId, size, restock }] }` (staff): the parcel is in.
 * Refund lines are refunded through the order's provider, exchange lines become a replacement order;
 * answers the return with `refundedAmount` and `exchangeOrderId`.
 */
export function receiveReturn({ id, lines }: ReceiveReturnInput): Promise<OrderReturn> {
  return api.post<OrderReturn>(`/returns/${encodeURIComponent(id)}/receive`, { lines });
}

export function useReceiveReturn() {
  return useReturnChange(receiveReturn);
}
