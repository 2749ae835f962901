import type { OrderReturn } from '@shop/contracts';
import { api } from '../../../../lib/api';
import { useReturnChange } from './use-return-change';

export interface RejectReturnInput {
  id: string;
  /** The words the buyer gets (returnRejectBodySchema). */
  message: string;
}

/** `POST /api/returns/:id/reject` `{ message }` (staff): refused; a size held for an exchange is released. */
export function rejectReturn({ id, message }: RejectReturnInput): Promise<OrderReturn> {
  return api.post<OrderReturn>(`/returns/${encodeURIComponent(id)}/reject`, { message });
}

export function useRejectReturn() {
  return useReturnChange(rejectReturn);
}
