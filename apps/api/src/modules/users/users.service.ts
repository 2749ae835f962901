import type { BoughtItem, ProfileUpdate, UserDashboard } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog/catalog.service';
import * as orders from '../orders/orders.service';
import * as reviews from '../reviews/reviews.service';
import * as repository from './users.repository';

export async function getDashboard(db: DbOrTx, userId: string): Promise<UserDashboard> {
  const user = await repository.findUserById(db, userId);
  if (!user) throw AppError.notFound('User');
  const favourites = await repository.favoriteProductIds(db, userId);
  return {
    _id: user.id,
    username: user.displayUsername ?? user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    country: user.country,
    image: user.image ?? '',
    status: !user.banned,
    roles: [user.role === 'admin' ? 'admin' : 'user'],
    favourites,
    productsFavourites: await catalog.getProducts(db, favourites),
    reviews: await reviews.listUserReviews(db, userId),
  };
}

/**
 * The Bought tab: each product of the user's approved orders once, newest purchase first, with the user's
 * review of it when they wrote one.
 */
export async function getBought(db: DbOrTx, userId: string): Promise<BoughtItem[]> {
  if (!(await repository.findUserById(db, userId))) throw AppError.notFound('User');
  const [bought, reviewed] = await Promise.all([
    orders.boughtProducts(db, userId),
    reviews.reviewsOfUserByProduct(db, userId),
  ]);
  return bought.map((item) => ({
    product: { _id: item.productId, name: item.name, brand: item.brand, card_picture: item.picture },
    date: item.boughtAt.toISOString(),
    review: reviewed.get(item.productId) ?? null,
  }));
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  update: ProfileUpdate,
): Promise<UserDashboard> {
  if (update.username !== undefined && (await repository.usernameTaken(db, update.username, userId))) {
    throw new AppError('USERNAME_TAKEN', 'This username is already taken, please use another', {
      username: 'is already taken',
    });
  }
  const updated = await repository.updateProfile(db, userId, update);
  if (!updated) throw AppError.notFound('User');
  return getDashboard(db, userId);
}

export async function addFavorite(db: DbOrTx, userId: string, productId: string): Promise<UserDashboard> {
  if (!(await catalog.productExists(db, productId))) throw AppError.notFound('Product');
  await repository.addFavorite(db, userId, productId);
  return getDashboard(db, userId);
}

/**
 * Idempotent: removing a product that is not a favourite changes nothing. A product that left the catalogue
 * can still be removed from the favourites; one the shop never had is not found.
 */
export async function removeFavorite(db: DbOrTx, userId: string, productId: string): Promise<UserDashboard> {
  const removed = await repository.removeFavorite(db, userId, productId);
  if (!removed && !(await catalog.productExists(db, productId))) throw AppError.notFound('Product');
  return getDashboard(db, userId);
}

/** How to write to these users: their e-mail and the name they go by, by id (unknown ids left out). */
export async function contactsOf(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { email: string; username: string }>> {
  const rows = await repository.findUsersByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [row.id, { email: row.email, username: row.displayUsername ?? row.username }]),
  );
}

/** For account deletion, in its transaction: the user's favourites go, and the user row keeps no personal data. */
export const removeFavoritesOfUser = repository.removeFavoritesOfUser;
export const anonymise = repository.anonymise;
export const findUser = repository.findUserById;

/** Registers people who cannot sign in (the seed's customers), once per e-mail; answers their ids by e-mail. */
export const ensurePeople = repository.ensurePeople;

/** Suspends the account with this e-mail: it cannot sign in and every session ends at once. */
export async function suspendByEmail(
  db: DbOrTx,
  email: string,
  actingAdminId: string,
): Promise<UserDashboard> {
  const user = await repository.findUserByEmail(db, email);
  if (!user) throw AppError.notFound('User');
  if (user.id === actingAdminId) throw new AppError('CONFLICT', 'You cannot suspend your own account');
  await repository.setBanned(db, user.id, true);
  return getDashboard(db, user.id);
}
