import type { OrderReturn } from '@shop/contracts';
import { api } from '../../../../lib/api';
import { useReturnChange } from './use-return-change';

/** `POST /api/returns/:id/approve` (staff): the buyer may send the pairs; answers the return, `approved`. */
export function approveReturn(id: string): Promise<OrderReturn> {
  return api.post<OrderReturn>(`/returns/${encodeURIComponent(id)}/approve`);
}

export function useApproveReturn() {
  return useReturnChange(approveReturn);
}
