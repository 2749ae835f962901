import type { ProfileUpdate, UserDashboard } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog/catalog.service';
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

export async function removeFavorite(db: DbOrTx, userId: string, productId: string): Promise<UserDashboard> {
  await repository.removeFavorite(db, userId, productId);
  return getDashboard(db, userId);
}

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
