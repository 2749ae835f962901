import { productIdSchema, reviewSchema, userReviewSchema } from './catalog';
import { MAX_RATING, MIN_RATING } from './constants';
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MESSAGE, REVIEW_RATING_MESSAGE } from './review-rules';
import { FIT_ANSWERS } from './size-rules';
import { userIdSchema } from './users';
import { z } from './zod';

/** `POST /api/reviews` (spec: Review create payload). `_idUser` must be the signed-in user. */
export const reviewCreateSchema = z.object({
  _idProduct: productIdSchema,
  _idUser: userIdSchema,
  rating: z
    .number({ error: REVIEW_RATING_MESSAGE })
    .int({ error: REVIEW_RATING_MESSAGE })
    .min(MIN_RATING, { error: REVIEW_RATING_MESSAGE })
    .max(MAX_RATING, { error: REVIEW_RATING_MESSAGE }),
  description: z
    .string({ error: REVIEW_COMMENT_MESSAGE })
    .trim()
    .min(1, { error: REVIEW_COMMENT_MESSAGE })
    .max(REVIEW_COMMENT_MAX, { error: REVIEW_COMMENT_MESSAGE }),
  /** How it fits (issue 39): runs small, true to size, runs large; optional. */
  fit: z.enum(FIT_ANSWERS, { error: `must be one of ${FIT_ANSWERS.join(', ')}` }).optional(),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

/** `PUT /api/reviews/:id`: the author edits their own review (rating, comment, and how it fits). */
export const reviewUpdateSchema = reviewCreateSchema.pick({ rating: true, description: true, fit: true });
export type ReviewUpdate = z.infer<typeof reviewUpdateSchema>;
export const reviewIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a review id' }) });

/** `DELETE /api/reviews/product/:id` and `DELETE /api/reviews/user/:id`: the reviews to remove. */
export const reviewDeleteSchema = z.object({
  _idReviews: z
    .array(z.uuid({ error: 'must be review ids' }), { error: 'must be a list of review ids' })
    .min(1, { error: 'must name at least one review' })
    .max(100, { error: 'can name at most 100 reviews' }),
});
export type ReviewDelete = z.infer<typeof reviewDeleteSchema>;

export const reviewListSchema = z.array(reviewSchema);
export const userReviewListSchema = z.array(userReviewSchema);
