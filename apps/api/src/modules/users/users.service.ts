import type {
  AdminUser,
  AuditKind,
  BoughtItem,
  ProfileUpdate,
  UserDashboard,
  UsersQuery,
  UserUpdate,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import * as audit from '../audit/audit.service';
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
export const findUserByEmail = repository.findUserByEmail;

/** Registers people who cannot sign in (the seed's customers), once per e-mail; answers their ids by e-mail. */
export const ensurePeople = repository.ensurePeople;

/** Suspends the account with this e-mail: it cannot sign in and every session ends at once. */
export async function suspendByEmail(db: Db, email: string, actingAdminId: string): Promise<UserDashboard> {
  const user = await repository.findUserByEmail(db, email);
  if (!user || user.banReason === repository.DELETED) throw AppError.notFound('User');
  return adminUpdate(db, user.id, actingAdminId, { status: false });
}

function toAdminUser(row: repository.UserRow): AdminUser {
  return {
    _id: row.id,
    username: row.displayUsername ?? row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image ?? '',
    status: !row.banned,
    roles: [row.role === 'admin' ? 'admin' : 'user'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's Users tab: one page of users matching the search (username or e-mail), newest first by default. */
export async function listUsers(db: DbOrTx, query: UsersQuery): Promise<AdminUser[]> {
  const [field, direction] = (Object.entries(query.orderSearch?.orderBy ?? {})[0] ?? ['createdAt', -1]) as [
    'username' | 'email' | 'createdAt',
    1 | -1,
  ];
  const rows = await repository.listUsers(db, {
    search: query.orderSearch?.search || undefined,
    sort: { field, direction },
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return rows.map(toAdminUser);
}

/**
 * Refuses, inside the caller's transaction, a change that would leave the shop without an active admin
 * (demoting, suspending or deleting the last one). Holds the staff lock until the transaction ends.
 */
export async function keepAnAdmin(tx: DbOrTx, userId: string): Promise<void> {
  await repository.lockStaff(tx);
  const target = await repository.findUserById(tx, userId);
  if (target?.role !== 'admin' || target.banned) return;
  if ((await repository.countActiveAdminsExcept(tx, userId)) === 0) {
    throw new AppError('CONFLICT', 'The shop must keep at least one active admin');
  }
}

/** A user who exists and whose account was not deleted (a deleted one is only kept for its orders). */
export async function findLiveUser(db: DbOrTx, userId: string): Promise<repository.UserRow> {
  const row = await repository.findUserById(db, userId);
  if (!row || row.banReason === repository.DELETED) throw AppError.notFound('User');
  return row;
}

/** An admin may not demote, suspend or delete themself (another admin must). */
export function refuseSelf(targetId: string, actingAdminId: string, what: string): void {
  if (targetId === actingAdminId) throw new AppError('CONFLICT', `You cannot ${what} your own account`);
}

/** `PUT /api/users/update/:id`: status and roles only from an admin; anyone else is told which field. */
export async function updateUser(
  db: Db,
  userId: string,
  viewer: { id: string; role: 'user' | 'admin' },
  update: UserUpdate,
): Promise<UserDashboard> {
  if (viewer.role === 'admin') return adminUpdate(db, userId, viewer.id, update);
  const { status, roles, ...profile } = update;
  const refused = (['status', 'roles'] as const).filter((key) => update[key] !== undefined);
  if (refused.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Only an admin can change ${refused.join(' and ')}`,
      Object.fromEntries(refused.map((key) => [key, 'cannot be set here'])),
    );
  }
  return updateProfile(db, userId, profile);
}

/**
 * An admin's `PUT /api/users/update/:id`: profile fields, status (false suspends and ends the sessions,
 * true reactivates) and the admin switch, all or nothing.
 */
export async function adminUpdate(
  db: Db,
  userId: string,
  actingAdminId: string,
  update: UserUpdate,
): Promise<UserDashboard> {
  const { status, roles, ...profile } = update;
  const role = roles?.[0];
  if (status === false) refuseSelf(userId, actingAdminId, 'suspend');
  if (role === 'user') refuseSelf(userId, actingAdminId, 'demote');
  await inTransaction(db, async (tx) => {
    const before = await findLiveUser(tx, userId);
    if (status === false || role === 'user') await keepAnAdmin(tx, userId);
    if (Object.keys(profile).length > 0) await updateProfile(tx, userId, profile);
    if (status !== undefined) await repository.setBanned(tx, userId, !status);
    if (role) await repository.setRole(tx, userId, role);
    const after = await findLiveUser(tx, userId);
    const kind = adminUpdateKind(before, after);
    const [was, is] = [auditedFields(before, update), auditedFields(after, update)];
    // Staff actions that change something; an admin's edit of their own profile is not one.
    const own = kind === 'user.update' && userId === actingAdminId;
    if (!own && JSON.stringify(was) !== JSON.stringify(is)) {
      await audit.record(tx, {
        actorId: actingAdminId,
        kind,
        subjectType: 'user',
        subjectId: userId,
        before: was,
        after: is,
      });
    }
  });
  return getDashboard(db, userId);
}

/** What an admin's update did, for the audit trail: the switch it flipped, else a profile change. */
function adminUpdateKind(before: repository.UserRow, after: repository.UserRow): AuditKind {
  if (before.banned !== after.banned) return after.banned ? 'user.suspend' : 'user.reactivate';
  if (before.role !== after.role) return after.role === 'admin' ? 'user.promote' : 'user.demote';
  return 'user.update';
}

/** The fields an admin's update names, as the wire shows them (never credentials or sessions). */
function auditedFields(row: repository.UserRow, update: UserUpdate): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    username: row.displayUsername ?? row.username,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    image: row.image ?? '',
    status: !row.banned,
    roles: [row.role === 'admin' ? 'admin' : 'user'],
  };
  return Object.fromEntries(
    Object.keys(update)
      .filter((key) => key in wire && update[key as keyof UserUpdate] !== undefined)
      .map((key) => [key, wire[key]]),
  );
}
