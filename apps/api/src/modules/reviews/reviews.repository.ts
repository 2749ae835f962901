import type { FitAnswer } from '@shop/contracts';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { review } from '../../db/schema/reviews';

export type ReviewRow = typeof review.$inferSelect;

const selectReviews = (db: DbOrTx) => db.select().from(review);

/** A product's reviews, newest first. */
export async function findReviewsOfProduct(db: DbOrTx, productId: string): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(eq(review.productId, productId))
    .orderBy(desc(review.createdAt), desc(review.id));
}

/** The reviews of these products, each product's newest first. */
export async function findReviewsOfProducts(db: DbOrTx, productIds: string[]): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(inArray(review.productId, productIds))
    .orderBy(desc(review.createdAt), desc(review.id));
}

export async function findReviewById(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db).where(eq(review.id, id));
  return row;
}

/** A user's reviews, newest first. */
export async function findReviewsOfUser(db: DbOrTx, userId: string): Promise<ReviewRow[]> {
  return selectReviews(db).where(eq(review.userId, userId)).orderBy(desc(review.createdAt), desc(review.id));
}

export interface NewReview {
  productId: string;
  userId: string;
  rating: number;
  description: string;
  fit?: FitAnswer | null;
  sizeBought?: string | null;
}

/** Inserts the review; answers undefined when the user has already reviewed the product. */
export async function insertReview(db: DbOrTx, input: NewReview): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(review).values(input).onConflictDoNothing().returning();
  return row;
}

/** Inserts many reviews, skipping those whose author already reviewed the product; answers the ones added. */
export async function insertReviews(
  db: DbOrTx,
  rows: (NewReview & { createdAt?: Date })[],
): Promise<{ id: string; productId: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(review)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: review.id, productId: review.productId });
}

/** Changes the author's review; answers undefined when it is not there or not theirs. */
export async function updateReview(
  db: DbOrTx,
  id: string,
  authorId: string,
  change: { rating: number; description: string; fit?: FitAnswer | undefined },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(review)
    // A change without a fit answer keeps the one given before.
    .set({
      rating: change.rating,
      description: change.description,
      ...(change.fit === undefined ? {} : { fit: change.fit }),
    })
    .where(and(eq(review.id, id), eq(review.userId, authorId)))
    .returning();
  return row;
}

/**
 * The fit answers of the reviews written in [from, to) that name the size their writer bought: how many
 * of each answer per product and size.
 */
export async function countFitAnswers(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ productId: string; size: string; fit: FitAnswer; answers: number }[]> {
  const rows = await db
    .select({
      productId: review.productId,
      size: review.sizeBought,
      fit: review.fit,
      answers: sql<number>`count(*)`.mapWith(Number),
    })
    .from(review)
    .where(
      and(
        isNotNull(review.fit),
        isNotNull(review.sizeBought),
        gte(review.createdAt, from),
        lt(review.createdAt, to),
      ),
    )
    .groupBy(review.productId, review.sizeBought, review.fit);
  return rows.flatMap((row) =>
    row.fit && row.size
      ? [{ productId: row.productId, size: row.size, fit: row.fit, answers: row.answers }]
      : [],
  );
}

type Scope = { productId: string } | { userId: string };
const inScope = (scope: Scope) =>
  'productId' in scope ? eq(review.productId, scope.productId) : eq(review.userId, scope.userId);

/** The products the reviews are about: the named ones within `scope`, or all of `scope` without ids. */
export async function productIdsOf(db: DbOrTx, scope: Scope, ids?: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ productId: review.productId })
    .from(review)
    .where(and(inScope(scope), ids ? inArray(review.id, ids) : undefined));
  return rows.map((row) => row.productId);
}

/** How many reviews each product has and the sum of their ratings; products without reviews are left out. */
export async function ratingTotals(
  db: DbOrTx,
  productIds: string[],
): Promise<{ productId: string; reviews: number; sum: number }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: review.productId,
      reviews: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`sum(${review.rating})`.mapWith(Number),
    })
    .from(review)
    .where(inArray(review.productId, productIds))
    .groupBy(review.productId);
}

/** Deletes the named reviews, but only those matching `scope`; answers the ids deleted. */
/** Deletes the named reviews within `scope`; answers the ones deleted. */
export async function deleteReviews(db: DbOrTx, ids: string[], scope: Scope): Promise<ReviewRow[]> {
  return db
    .delete(review)
    .where(and(inArray(review.id, ids), inScope(scope)))
    .returning();
}

/** Deletes every review of the user; answers how many there were. */
export async function deleteReviewsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(review).where(eq(review.userId, userId)).returning({ id: review.id });
  return rows.length;
}

/** A product's fit answers: how many reviews gave each answer, per size their writers bought (or none). */
export async function countFitAnswersOfProduct(
  db: DbOrTx,
  productId: string,
): Promise<{ fit: FitAnswer; size: string | null; answers: number }[]> {
  const rows = await db
    .select({
      fit: review.fit,
      size: review.sizeBought,
      answers: sql<number>`count(*)`.mapWith(Number),
    })
    .from(review)
    .where(and(eq(review.productId, productId), isNotNull(review.fit)))
    .groupBy(review.fit, review.sizeBought);
  return rows.flatMap(({ fit, size, answers }) => (fit ? [{ fit, size, answers }] : []));
}
