import type { ReturnRefundPreview } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_RETURNS_KEY } from './get-returns';

/**
 * `GET /api/returns/:id/refund-preview` (staff): what receiving the return (requested or approved) would give back now,
 * and through which tender; nothing changes.
 */
export function getRefundPreview(id: string): Promise<ReturnRefundPreview> {
  return api.get<ReturnRefundPreview>(`/returns/${encodeURIComponent(id)}/refund-preview`);
}

export function useRefundPreview(id: string) {
  return useQuery({
    queryKey: [...ADMIN_RETURNS_KEY, 'refund-preview', id],
    queryFn: () => getRefundPreview(id),
    staleTime: 0,
  });
}
