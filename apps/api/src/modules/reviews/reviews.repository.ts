import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { order, orderItem, product, review, user } from '../../db/schema';
import { userSummaryColumns } from '../users/users.repository';

export type ReviewRow = typeof review.$inferSelect;

export interface ReviewWithAuthor extends ReviewRow {
  author: { id: string; username: string; image: string };
  productName: string;
}

const { email: _email, ...authorColumns } = userSummaryColumns;

function selectReviews(db: DbOrTx) {
  return db
    .select({ review, author: authorColumns, productName: product.name })
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .innerJoin(product, eq(product.id, review.productId));
}

type Selected = { review: ReviewRow; author: ReviewWithAuthor['author']; productName: string };
const flatten = (rows: Selected[]): ReviewWithAuthor[] =>
  rows.map((row) => ({ ...row.review, author: row.author, productName: row.productName }));

/** A product's reviews, newest first. */
export async function findReviewsOfProduct(db: DbOrTx, productId: string): Promise<ReviewWithAuthor[]> {
  return flatten(
    await selectReviews(db)
      .where(eq(review.productId, productId))
      .orderBy(desc(review.createdAt), desc(review.id)),
  );
}

export async function findReviewById(db: DbOrTx, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = flatten(await selectReviews(db).where(eq(review.id, id)));
  return row;
}

/** A user's reviews, newest first. */
export async function findReviewsOfUser(db: DbOrTx, userId: string): Promise<ReviewWithAuthor[]> {
  return flatten(
    await selectReviews(db).where(eq(review.userId, userId)).orderBy(desc(review.createdAt), desc(review.id)),
  );
}

/** True when an approved order of the user holds the product. */
export async function hasBought(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(order.userId, userId), eq(order.state, 'aprobed'), eq(orderItem.productId, productId)))
    .limit(1);
  return row !== undefined;
}

export interface NewReview {
  productId: string;
  userId: string;
  rating: number;
  description: string;
}

/** Inserts the review; answers undefined when the user has already reviewed the product. */
export async function insertReview(db: DbOrTx, input: NewReview): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(review).values(input).onConflictDoNothing().returning();
  return row;
}

/** Deletes the named reviews, but only those matching `scope`; answers the ids deleted. */
export async function deleteReviews(
  db: DbOrTx,
  ids: string[],
  scope: { productId: string } | { userId: string },
): Promise<string[]> {
  const owner =
    'productId' in scope ? eq(review.productId, scope.productId) : eq(review.userId, scope.userId);
  const rows = await db
    .delete(review)
    .where(and(inArray(review.id, ids), owner))
    .returning({ id: review.id });
  return rows.map((row) => row.id);
}
