import {
  ALREADY_REVIEWED_MESSAGE,
  ONLY_BUYERS_MESSAGE,
  type Review,
  type ReviewCreate,
  type UserReview,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog/catalog.service';
import * as repository from './reviews.repository';

function toReviewWire(row: repository.ReviewWithAuthor): Review {
  return {
    _id: row.id,
    user: { _id: row.author.id, username: row.author.username, image: row.author.image },
    rating: row.rating,
    description: row.description,
    date: row.createdAt.toISOString(),
  };
}

function toUserReviewWire(row: repository.ReviewWithAuthor): UserReview {
  return { ...toReviewWire(row), product: { _id: row.productId, name: row.productName } };
}

/** The reviews of a product known to exist. */
export async function reviewsOfProduct(db: DbOrTx, productId: string): Promise<Review[]> {
  return (await repository.findReviewsOfProduct(db, productId)).map(toReviewWire);
}

export async function listProductReviews(db: DbOrTx, productId: string): Promise<Review[]> {
  if (!(await catalog.productExists(db, productId))) throw AppError.notFound('Product');
  return reviewsOfProduct(db, productId);
}

export async function listUserReviews(db: DbOrTx, userId: string): Promise<UserReview[]> {
  return (await repository.findReviewsOfUser(db, userId)).map(toUserReviewWire);
}

/**
 * A review by `authorId` (the signed-in user): only of a product they bought (an approved order holds it),
 * one per product.
 */
export async function createReview(db: DbOrTx, authorId: string, input: ReviewCreate): Promise<UserReview> {
  if (input._idUser !== authorId) {
    throw new AppError('FORBIDDEN', 'You can only write reviews as yourself', {
      _idUser: 'must be the signed-in user',
    });
  }
  if (!(await catalog.productExists(db, input._idProduct))) throw AppError.notFound('Product');
  if (!(await repository.hasBought(db, authorId, input._idProduct))) {
    throw new AppError('NOT_A_BUYER', ONLY_BUYERS_MESSAGE, { _idProduct: 'was not bought by this user' });
  }
  const row = await repository.insertReview(db, {
    productId: input._idProduct,
    userId: authorId,
    rating: input.rating,
    description: input.description,
  });
  if (!row) throw new AppError('CONFLICT', ALREADY_REVIEWED_MESSAGE, { _idProduct: 'is already reviewed' });
  const created = await repository.findReviewById(db, row.id);
  if (!created) throw AppError.notFound('Review');
  return toUserReviewWire(created);
}

/** Deletes all the named reviews within `scope`, or none of them when any is not there. */
async function deleteAll(db: DbOrTx, ids: string[], scope: Parameters<typeof repository.deleteReviews>[2]) {
  const wanted = new Set(ids);
  await db.transaction(async (tx) => {
    const deleted = await repository.deleteReviews(tx, [...wanted], scope);
    if (deleted.length !== wanted.size) {
      const missing = [...wanted].filter((id) => !deleted.includes(id));
      throw new AppError('NOT_FOUND', `Review not found: ${missing.join(', ')}`, {
        _idReviews: `names reviews that are not there: ${missing.join(', ')}`,
      });
    }
  });
}

/** Removes reviews of one product (admin); answers what the product has left. */
export async function deleteProductReviews(db: DbOrTx, productId: string, ids: string[]): Promise<Review[]> {
  if (!(await catalog.productExists(db, productId))) throw AppError.notFound('Product');
  await deleteAll(db, ids, { productId });
  return reviewsOfProduct(db, productId);
}

/** Removes reviews of one user (the user or an admin); answers what the user has left. */
export async function deleteUserReviews(db: DbOrTx, userId: string, ids: string[]): Promise<UserReview[]> {
  await deleteAll(db, ids, { userId });
  return listUserReviews(db, userId);
}
