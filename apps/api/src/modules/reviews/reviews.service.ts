import {
  ALREADY_REVIEWED_MESSAGE,
  ONLY_BUYERS_MESSAGE,
  type Review,
  type ReviewCreate,
  type ReviewUpdate,
  type UserReview,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { batchedRead } from '../../lib/batched-read';
import { type CurrentUser, can } from '../../plugins/session';
import * as catalog from '../catalog';
import * as orders from '../orders';
import * as users from '../users';
import * as repository from './reviews.repository';

/** What writing reviews needs: a new review changes its product's rating, which the catalogue list shows. */
export interface ReviewDeps {
  db: Db;
  /** Where deletions are published (the audit trail listens). */
  events: DomainEvents;
}

type Author = { id: string; username: string; image: string };
type AuthoredReview = repository.ReviewRow & { author: Author };
type NamedReview = AuthoredReview & { productName: string };

/** The reviews with their authors, as the users module names them (an unknown author stays nameless). */
async function authored(db: DbOrTx, rows: repository.ReviewRow[]): Promise<AuthoredReview[]> {
  const authors = await users.summariesOf(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    ...row,
    author: authors.get(row.userId) ?? { id: row.userId, username: '', image: '' },
  }));
}

/** The reviews with their authors and the names of their products, as the catalogue has them. */
async function named(db: DbOrTx, rows: repository.ReviewRow[]): Promise<NamedReview[]> {
  const [withAuthors, products] = await Promise.all([
    authored(db, rows),
    catalog.productCards(db, [...new Set(rows.map((row) => row.productId))]),
  ]);
  const names = new Map(products.map((product) => [product.id, product.name]));
  return withAuthors.map((row) => ({ ...row, productName: names.get(row.productId) ?? '' }));
}

function toReviewWire(row: AuthoredReview): Review {
  return {
    _id: row.id,
    user: { _id: row.author.id, username: row.author.username, image: row.author.image },
    rating: row.rating,
    description: row.description,
    fit: row.fit ?? null,
    sizeBought: row.sizeBought ?? null,
    date: row.createdAt.toISOString(),
  };
}

function toUserReviewWire(row: NamedReview): UserReview {
  return { ...toReviewWire(row), product: { _id: row.productId, name: row.productName } };
}

/**
 * A product's rating from its reviews (docs/decisions/0009): the mean of their ratings rounded half up, as
 * the spec shows it (0, no review or only the lowest marks, shows 'New').
 */
export function ratingOf(totals: { reviews: number; sum: number } | undefined): number {
  if (!totals || totals.reviews === 0) return 0;
  return Math.round(totals.sum / totals.reviews);
}

/**
 * Runs `change` on the reviews of these products with the products locked (in one order, so two of these
 * cannot deadlock), then sets each product's rating from its reviews as they now stand: all in `tx`, so a
 * rating never disagrees with the reviews, whatever else writes reviews at the same moment.
 */
async function rerating<T>(tx: DbOrTx, productIds: string[], change: () => Promise<T>): Promise<T> {
  const ids = [...new Set(productIds)].sort();
  await catalog.lockProductsForRating(tx, ids);
  const result = await change();
  const totals = new Map((await repository.ratingTotals(tx, ids)).map((row) => [row.productId, row]));
  await catalog.setRatings(
    tx,
    ids.map((productId) => ({ productId, rating: ratingOf(totals.get(productId)) })),
  );
  return result;
}

/** The reviews of a product known to exist. */
export async function reviewsOfProduct(db: DbOrTx, productId: string): Promise<Review[]> {
  return (await authored(db, await repository.findReviewsOfProduct(db, productId))).map(toReviewWire);
}

const pageReaders = new WeakMap<DbOrTx, (productId: string) => Promise<Review[] | undefined>>();

/**
 * A product's reviews for its page, read as of now: the pages asked for at the same time are read in one
 * statement, as their products are (catalog's product-pages.ts).
 */
export async function reviewsForPage(db: DbOrTx, productId: string): Promise<Review[]> {
  let read = pageReaders.get(db);
  if (!read) {
    read = batchedRead(async (productIds: string[]) => {
      const byProduct = new Map<string, Review[]>();
      const rows = await authored(db, await repository.findReviewsOfProducts(db, productIds));
      for (const row of rows) {
        const reviews = byProduct.get(row.productId) ?? [];
        reviews.push(toReviewWire(row));
        byProduct.set(row.productId, reviews);
      }
      return byProduct;
    });
    pageReaders.set(db, read);
  }
  return (await read(productId)) ?? [];
}

/** A product's reviews; the staff also read those of an archived product, to moderate them. */
export async function listProductReviews(
  db: DbOrTx,
  productId: string,
  viewer: CurrentUser | null,
): Promise<Review[]> {
  const which = can(viewer, 'products.write') ? 'any' : 'live';
  if (!(await catalog.productExists(db, productId, which))) throw AppError.notFound('Product');
  return reviewsOfProduct(db, productId);
}

export async function listUserReviews(db: DbOrTx, userId: string): Promise<UserReview[]> {
  return (await named(db, await repository.findReviewsOfUser(db, userId))).map(toUserReviewWire);
}

/** The user's reviews keyed by product id. */
export async function reviewsOfUserByProduct(db: DbOrTx, userId: string): Promise<Map<string, Review>> {
  const rows = await authored(db, await repository.findReviewsOfUser(db, userId));
  return new Map(rows.map((row) => [row.productId, toReviewWire(row)]));
}

/**
 * A review by `authorId` (the signed-in user): only of a product they bought (an approved order holds it),
 * one per product. The product's rating follows.
 */
export async function createReview(
  deps: ReviewDeps,
  authorId: string,
  input: ReviewCreate,
): Promise<UserReview> {
  const { db } = deps;
  if (input._idUser !== authorId) {
    throw new AppError('FORBIDDEN', 'You can only write reviews as yourself', {
      _idUser: 'must be the signed-in user',
    });
  }
  if (!(await catalog.productExists(db, input._idProduct))) throw AppError.notFound('Product');
  const sizeBought = await orders.sizeBought(db, authorId, input._idProduct);
  if (sizeBought === null) {
    throw new AppError('NOT_A_BUYER', ONLY_BUYERS_MESSAGE, { _idProduct: 'was not bought by this user' });
  }
  const id = await deps.events.transaction(db, (tx, publish) =>
    rerating(tx, [input._idProduct], async () => {
      const row = await repository.insertReview(tx, {
        productId: input._idProduct,
        userId: authorId,
        rating: input.rating,
        description: input.description,
        fit: input.fit ?? null,
        sizeBought,
      });
      if (!row) {
        throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE, { _idProduct: 'is already reviewed' });
      }
      await publish({ type: 'review.written', reviewId: row.id, productId: input._idProduct });
      return row.id;
    }),
  );
  const created = await repository.findReviewById(db, id);
  if (!created) throw AppError.notFound('Review');
  const [wire] = await named(db, [created]);
  return toUserReviewWire(wire as NamedReview);
}

/** The author changes their own review's rating and comment; anyone else is told it is not there. */
export async function updateReview(
  deps: ReviewDeps,
  authorId: string,
  reviewId: string,
  change: ReviewUpdate,
): Promise<Review> {
  const { db } = deps;
  const existing = await repository.findReviewById(db, reviewId);
  if (!existing || existing.userId !== authorId) throw AppError.notFound('Review');
  await deps.events.transaction(db, (tx, publish) =>
    rerating(tx, [existing.productId], async () => {
      if (!(await repository.updateReview(tx, reviewId, authorId, change))) throw AppError.notFound('Review');
      await publish({ type: 'review.written', reviewId, productId: existing.productId });
    }),
  );
  const updated = await repository.findReviewById(db, reviewId);
  if (!updated) throw AppError.notFound('Review');
  const [wire] = await authored(db, [updated]);
  return toReviewWire(wire as AuthoredReview);
}

/** Deletes all the named reviews within `scope`, or none of them when any is not there. */
async function deleteAll(
  deps: ReviewDeps,
  ids: string[],
  scope: { productId: string } | { userId: string },
  staffId: string | undefined,
) {
  const wanted = [...new Set(ids)];
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const products = await repository.productIdsOf(tx, scope, wanted);
    await rerating(tx, products, async () => {
      const rows = await repository.deleteReviews(tx, wanted, scope);
      const deleted = rows.map((row) => row.id);
      if (deleted.length !== wanted.length) {
        const missing = wanted.filter((id) => !deleted.includes(id));
        throw new AppError('NOT_FOUND', `Review not found: ${missing.join(', ')}`, {
          _idReviews: `names reviews that are not there: ${missing.join(', ')}`,
        });
      }
      for (const row of rows) {
        await publish({
          type: 'review.deleted',
          reviewId: row.id,
          actorId: staffId ?? null,
          before: {
            product: row.productId,
            user: row.userId,
            rating: row.rating,
            description: row.description,
          },
          after: null,
        });
      }
    });
  });
}

/** Removes reviews of one product (admin); answers what the product has left. */
export async function deleteProductReviews(
  deps: ReviewDeps,
  productId: string,
  ids: string[],
  staffId: string,
): Promise<Review[]> {
  if (!(await catalog.productExists(deps.db, productId, 'any'))) throw AppError.notFound('Product');
  await deleteAll(deps, ids, { productId }, staffId);
  return reviewsOfProduct(deps.db, productId);
}

/**
 * Removes reviews of one user (the user or an admin); answers what the user has left. `staffId`: the admin
 * removing someone else's reviews, recorded in the audit trail.
 */
export async function deleteUserReviews(
  deps: ReviewDeps,
  userId: string,
  ids: string[],
  staffId?: string,
): Promise<UserReview[]> {
  await deleteAll(deps, ids, { userId }, staffId);
  return listUserReviews(deps.db, userId);
}

/**
 * Removes every review of a user and re-rates their products, in `tx` (account deletion runs it with the
 * rest of its changes). The caller clears the catalogue cache once `tx` has committed.
 */
export async function removeAllOfUser(tx: DbOrTx, userId: string): Promise<number> {
  const products = await repository.productIdsOf(tx, { userId });
  return rerating(tx, products, () => repository.deleteReviewsOfUser(tx, userId));
}

/**
 * Adds reviews that are not there yet (an author reviews a product once) and re-rates their products, in
 * one transaction: how the seed writes its customers' reviews. Answers how many were added.
 */
export async function addReviews(
  db: Db,
  reviews: (repository.NewReview & { createdAt?: Date })[],
): Promise<number> {
  if (reviews.length === 0) return 0;
  return inTransaction(db, (tx) =>
    rerating(
      tx,
      reviews.map((item) => item.productId),
      async () => (await repository.insertReviews(tx, reviews)).length,
    ),
  );
}
