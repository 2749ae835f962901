import type { Promotion, PromotionCreate, PromotionStatus, PromotionUpdate } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_PROMOTIONS_KEY, promotionKey } from './get-promotions';

/** After a save: this promotion as the server answered it, every list read again. */
function useSaved() {
  const queryClient = useQueryClient();
  return (promotion: Promotion) => {
    queryClient.setQueryData(promotionKey(promotion.id), promotion);
    return queryClient.invalidateQueries({ queryKey: [...ADMIN_PROMOTIONS_KEY, 'list'] });
  };
}

/** `POST /api/promotions` (a new one, 201) or `PUT /api/promotions/:id` (a change to one). */
export function useSavePromotion() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromotionCreate | PromotionUpdate }) =>
      id
        ? api.put<Promotion>(`/promotions/${encodeURIComponent(id)}`, body)
        : api.post<Promotion>('/promotions', body),
    onSuccess: saved,
  });
}

/** `PUT /api/promotions/:id {status}`: pause, resume or archive. */
export function useSetPromotionStatus(id: string) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (status: PromotionStatus) =>
      api.put<Promotion>(`/promotions/${encodeURIComponent(id)}`, { status }),
    onSuccess: saved,
  });
}
