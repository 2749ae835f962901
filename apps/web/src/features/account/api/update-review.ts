import type { Review, ReviewUpdate } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterReview } from './refresh-after-review';

/** `PUT /api/reviews/:id` (reviewUpdateSchema): the author changes their rating and comment. */
export function updateReview(id: string, input: ReviewUpdate): Promise<Review> {
  return api.put<Review>(`/reviews/${encodeURIComponent(id)}`, input);
}

export function useUpdateReview(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; productId: string; input: ReviewUpdate }) =>
      updateReview(id, input),
    onSuccess: (review, { productId }) => refreshAfterReview(queryClient, uid, productId, review),
  });
}
