import { FIT_ANSWERS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { product } from './catalog';
import { createdAt, idKey, ownedBy } from './columns';
import { user } from './users';

/** One review per user and product, written by a buyer (an approved order holds the product). */
export const review = pgTable(
  'review',
  {
    id: idKey(),
    productId: ownedBy('product_id', () => product.id),
    userId: ownedBy('user_id', () => user.id),
    rating: integer('rating').notNull(),
    description: text('description').notNull(),
    /** How it fits, as its writer answered (issue 39); null: not answered. */
    fit: text('fit', { enum: FIT_ANSWERS }),
    /** The size key its writer bought, when they wrote it. */
    sizeBought: text('size_bought'),
    createdAt: createdAt(),
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} BETWEEN 0 AND 5`),
    check('review_fit_valid', oneOf(t.fit, FIT_ANSWERS)),
    unique('review_one_per_user_and_product').on(t.productId, t.userId),
    index('review_product_idx').on(t.productId, t.createdAt),
    index('review_user_idx').on(t.userId, t.createdAt),
  ],
);
