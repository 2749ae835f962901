import type { Review, ReviewCreate } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterReview } from './refresh-after-review';

/** `POST /api/reviews` (reviewCreateSchema): a buyer reviews a product; answers the review (201). */
export function createReview(input: ReviewCreate): Promise<Review> {
  return api.post<Review>('/reviews', input);
}

export function useCreateReview(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review, input) => refreshAfterReview(queryClient, uid, input._idProduct, review),
  });
}
