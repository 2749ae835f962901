import type { BoughtItem } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import * as auth from '../auth';
import * as orders from '../orders';
import * as reviews from '../reviews';
import * as stockAlerts from '../stock-alerts';
import * as users from '../users';

/** What deleting an account needs: removing reviews changes product ratings, which the lists show. */
export interface AccountDeps {
  db: Db;
  /** Where the deletion is published (the audit trail listens). */
  events: DomainEvents;
}

/**
 * Deletes an account (docs/decisions/0008): its reviews (the products are re-rated), favourites and
 * back-in-stock alerts go, its sessions and sign-ins end, and the user row is anonymised and banned rather
 * than deleted, so the shop's orders keep pointing at it without any personal data. One transaction:
 * either all of it happens or none. The account's owner calls it on themselves; staff will call it on
 * others through the same function.
 */
export async function deleteAccount(
  deps: AccountDeps,
  userId: string,
  actingAdminId?: string,
): Promise<void> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await users.findUser(tx, userId);
    if (!before) throw AppError.notFound('User');
    // Reviews first: they lock their products, which every review write takes before the user row.
    await reviews.removeAllOfUser(tx, userId);
    await users.removeFavoritesOfUser(tx, userId);
    await stockAlerts.removeAllOfUser(tx, userId);
    await auth.removeSignIns(tx, userId);
    // The shop never loses its last active admin, whoever asks.
    await users.keepAnAdmin(tx, userId, 'account');
    await users.anonymise(tx, userId);
    // The fact keeps no personal data either: the deletion's point is that none is left.
    await publish({
      type: 'user.deleted',
      userId,
      actorId: actingAdminId ?? null,
      before: { status: !before.banned, roles: [before.role] },
      after: { deleted: true },
    });
  });
}

/** Staff delete someone else's account (never their own), the same way its owner would. */
export async function deleteUserAsAdmin(deps: AccountDeps, userId: string, actingAdminId: string) {
  users.refuseSelf(userId, actingAdminId, 'delete');
  await users.findLiveUser(deps.db, userId);
  await deleteAccount(deps, userId, actingAdminId);
}

/** The same, by e-mail (`PUT /api/user-deleted`). */
export async function deleteUserByEmailAsAdmin(deps: AccountDeps, email: string, actingAdminId: string) {
  const user = await users.findUserByEmail(deps.db, email);
  if (!user) throw AppError.notFound('User');
  await deleteUserAsAdmin(deps, user.id, actingAdminId);
}

/**
 * The Bought tab: each product of the user's approved orders once, newest purchase first, with the user's
 * review of it when they wrote one.
 */
export async function getBought(db: DbOrTx, userId: string): Promise<BoughtItem[]> {
  if (!(await users.findUser(db, userId))) throw AppError.notFound('User');
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
