import {
  type AdminUser,
  type Brand,
  type MySizes,
  type Permission,
  type ProfileUpdate,
  postalCodeProblem,
  SHOPPER_ROLE,
  type ShipTo,
  type ShopperSize,
  type ShopperSizeSystem,
  type UserDashboard,
  type UsersQuery,
  type UserUpdate,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents, Publish } from '../../events/domain-events';
import type { FactOf } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import { type CurrentUser, can, isStaff, missingPermission } from '../../plugins/session';
import { setMarketing } from './marketing';
import type { NewPerson } from './new-person';
import * as repository from './users.repository';

/**
 * What the users' rules need: the database, the facts they publish (the audit trail and the sessions
 * listen), and what a dashboard shows of other modules (the composition root answers it from the catalogue
 * and the reviews).
 */
export interface UserDeps {
  db: Db;
  events: DomainEvents;
  products: {
    exists(db: DbOrTx, productId: string): Promise<boolean>;
    cards(db: DbOrTx, productIds: string[]): Promise<UserDashboard['productsFavourites']>;
  };
  reviewsOf(db: DbOrTx, userId: string): Promise<UserDashboard['reviews']>;
  /** The account's store credit balance, in dollars. */
  creditOf(db: DbOrTx, userId: string): Promise<number>;
  /**
   * Before the account's address changes, in its transaction: refuses the change (409
   * `DROP_ENTRY_ADDRESS`) while it is entered in an open draw, or withdraws those entries when `withdraw`.
   */
  addressChanging(tx: DbOrTx, change: { userId: string; fields: string[]; withdraw: boolean }): Promise<void>;
  /** Whether a shopper's size is on a chart: a brand's, or any (the composition root asks the sizes module). */
  sizeKnown(db: DbOrTx, size: ShopperSize, brand?: Brand): Promise<boolean>;
  /** The staff roles (the composition root answers from the staff module). */
  roles: {
    exists(db: DbOrTx, role: string): Promise<boolean>;
    /** What the account may do, and by when its role needs a second factor it lacks (null: nothing due). */
    standing(
      db: DbOrTx,
      member: Pick<repository.UserRow, 'id' | 'role' | 'roleSince' | 'createdAt'>,
    ): Promise<{ permissions: readonly Permission[]; twoFactorDue: Date | null }>;
  };
}

export async function getDashboard(deps: UserDeps, userId: string): Promise<UserDashboard> {
  const { db } = deps;
  const user = await repository.findUserById(db, userId);
  if (!user) throw AppError.notFound('User');
  const favourites = await repository.favoriteProductIds(db, userId);
  const { permissions, twoFactorDue } = await deps.roles.standing(db, user);
  const withheld = twoFactorDue !== null && twoFactorDue.getTime() <= Date.now();
  return {
    _id: user.id,
    username: user.displayUsername ?? user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    fullName: user.fullName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    postalCode: user.postalCode,
    country: user.country,
    image: user.image ?? '',
    priceDropEmails: user.priceDropEmails,
    marketing: {
      state: user.marketingState,
      basis: user.marketingBasis,
      source: user.marketingSource,
      updatedAt: user.marketingUpdatedAt?.toISOString() ?? null,
    },
    sizeSystem: user.sizeSystem,
    mySizes: user.mySizes,
    credit: await deps.creditOf(db, userId),
    status: !user.banned,
    roles: [user.role],
    permissions: withheld ? [] : [...permissions],
    twoFactorDue: twoFactorDue?.toISOString() ?? null,
    favourites,
    productsFavourites: await deps.products.cards(db, favourites),
    reviews: await deps.reviewsOf(db, userId),
  };
}

export async function updateProfile(
  deps: UserDeps,
  userId: string,
  update: ProfileChange,
): Promise<UserDashboard> {
  await deps.db.transaction(async (tx) => {
    await saveProfile(deps, tx, userId, update);
    // Their reviews show the shopper's name and picture.
    if (update.username !== undefined || update.image !== undefined)
      await deps.events.published(tx, { type: 'profile.updated', userId });
  });
  return getDashboard(deps, userId);
}

/** A profile change as the update route takes it: the fields, and whether to withdraw draw entries. */
type ProfileChange = ProfileUpdate & Pick<UserUpdate, 'withdrawEntries'>;

/** The fields of the shipping address: a change of any of them is a change of address. */
const ADDRESS_FIELDS = ['address', 'city', 'state', 'postalCode', 'country'] as const;

/**
 * Changes the profile fields sent: a username another account goes by is refused, and so is a postal code
 * that is not one of the country's (the one sent, else the profile's). A change of address asks the draws
 * first (an entry keeps the address it was made from).
 */
async function saveProfile(
  deps: UserDeps,
  tx: DbOrTx,
  userId: string,
  { withdrawEntries, marketing, marketingSource, ...update }: ProfileChange,
): Promise<void> {
  if (marketing !== undefined) await setMarketing(tx, userId, marketing, marketingSource ?? 'profile');
  if (update.username !== undefined && (await repository.usernameTaken(tx, update.username, userId))) {
    throw new AppError('USERNAME_TAKEN', 'This username is already taken, please use another', {
      username: 'is already taken',
    });
  }
  const current = await repository.findUserById(tx, userId);
  if (!current) throw AppError.notFound('User');
  const country = update.country ?? current.country;
  const postalCode = update.postalCode ?? current.postalCode;
  const problem = postalCodeProblem(country, postalCode);
  if (problem) throw AppError.invalid('postalCode', problem);
  if (update.mySizes) await refuseUnknownSizes(deps, tx, update.mySizes);
  const moved = ADDRESS_FIELDS.filter(
    (field) => update[field] !== undefined && update[field] !== current[field],
  );
  if (moved.length > 0)
    await deps.addressChanging(tx, { userId, fields: moved, withdraw: withdrawEntries === true });
  const updated = await repository.updateProfile(tx, userId, update);
  if (!updated) throw AppError.notFound('User');
}

/** A size no chart gives is refused, naming it: `mySizes.default`, `mySizes.brands.adidas`. */
async function refuseUnknownSizes(deps: UserDeps, tx: DbOrTx, sizes: MySizes): Promise<void> {
  const given: [string, ShopperSize, Brand | undefined][] = [
    ...(sizes.default
      ? [['mySizes.default', sizes.default, undefined] as [string, ShopperSize, undefined]]
      : []),
    ...Object.entries(sizes.brands).map(
      ([brand, size]) => [`mySizes.brands.${brand}`, size, brand as Brand] as [string, ShopperSize, Brand],
    ),
  ];
  for (const [field, size, brand] of given) {
    if (!(await deps.sizeKnown(tx, size, brand)))
      throw AppError.invalid(
        field,
        `is not a ${size.system} size of ${brand ? `${brand}'s` : 'any'} size chart`,
      );
  }
}

/** Where a parcel for this account goes now, from its profile (an order or a draw entry keeps a copy). */
export async function shipToOf(db: DbOrTx, userId: string): Promise<ShipTo | undefined> {
  const profile = await repository.findUserById(db, userId);
  if (!profile) return undefined;
  return {
    fullName: profile.fullName,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    postalCode: profile.postalCode,
    country: profile.country,
    name: profile.name.trim() || profile.username,
    phone: profile.phone,
  };
}

export async function addFavorite(deps: UserDeps, userId: string, productId: string): Promise<UserDashboard> {
  if (!(await deps.products.exists(deps.db, productId))) throw AppError.notFound('Product');
  await repository.addFavorite(deps.db, userId, productId);
  return getDashboard(deps, userId);
}

/**
 * Idempotent: removing a product that is not a favourite changes nothing. A product that left the catalogue
 * can still be removed from the favourites; one the shop never had is not found.
 */
export async function removeFavorite(
  deps: UserDeps,
  userId: string,
  productId: string,
): Promise<UserDashboard> {
  const removed = await repository.removeFavorite(deps.db, userId, productId);
  if (!removed && !(await deps.products.exists(deps.db, productId))) throw AppError.notFound('Product');
  return getDashboard(deps, userId);
}

/** How to write to a user: their e-mail, the name they go by, and the system they read sizes in. */
export interface Contact {
  email: string;
  username: string;
  sizeSystem: ShopperSizeSystem;
}

/** How to write to these users, by id (unknown ids left out). */
export async function contactsOf(db: DbOrTx, ids: string[]): Promise<Map<string, Contact>> {
  const rows = await repository.findUsersByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      { email: row.email, username: row.displayUsername ?? row.username, sizeSystem: row.sizeSystem },
    ]),
  );
}

/** How the shop shows these users (reviews' authors, orders' customers), by id; unknown ids left out. */
export async function summariesOf(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { id: string; username: string; email: string; image: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await repository.findUsersByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, username: row.displayUsername ?? row.username, email: row.email, image: row.image ?? '' },
    ]),
  );
}

/** For account deletion, in its transaction: the user's favourites go, and the user row keeps no personal data. */
export function removeFavoritesOfUser(db: DbOrTx, userId: string): Promise<number> {
  return repository.removeFavoritesOfUser(db, userId);
}
/**
 * Who may hear of a product's price drop: its favouriters who did not turn these e-mails off and said yes
 * to marketing, or (`notAskedToo`, for the soft opt-in) were never asked; a page at a time.
 */
export function priceDropRecipients(
  db: DbOrTx,
  productId: string,
  afterId: string | undefined,
  limit: number,
  notAskedToo = false,
): Promise<{ id: string; email: string; username: string; consented: boolean }[]> {
  return repository.findPriceDropRecipients(db, productId, afterId, limit, notAskedToo);
}
export function anonymise(
  db: DbOrTx,
  userId: string,
  number: number,
): Promise<repository.UserRow | undefined> {
  return repository.anonymise(db, userId, number);
}
export function findUser(db: DbOrTx, id: string): Promise<repository.UserRow | undefined> {
  return repository.findUserById(db, id);
}
export function findUserByEmail(db: DbOrTx, email: string): Promise<repository.UserRow | undefined> {
  return repository.findUserByEmail(db, email);
}

/** True when another account goes by this username (any case). */
export function usernameTaken(db: DbOrTx, username: string, exceptUserId?: string): Promise<boolean> {
  return repository.usernameTaken(db, username, exceptUserId);
}

/** What a signed-in request needs of its user. */
export function findSessionUser(db: DbOrTx, id: string): Promise<repository.SessionUser | undefined> {
  return repository.findSessionUser(db, id);
}

/** Registers people who cannot sign in (the seed's customers), once per e-mail; answers their ids by e-mail. */
export function ensurePeople(
  db: DbOrTx,
  people: NewPerson[],
): Promise<{ added: number; ids: Map<string, string> }> {
  return repository.ensurePeople(db, people);
}

/** Suspends the account with this e-mail: it cannot sign in and every session ends at once. */
export async function suspendByEmail(
  deps: UserDeps,
  email: string,
  actingAdminId: string,
): Promise<UserDashboard> {
  const user = await repository.findUserByEmail(deps.db, email);
  if (!user || user.banReason === repository.DELETED) throw AppError.notFound('User');
  return staffUpdate(deps, user.id, actingAdminId, { status: false });
}

function toAdminUser(row: repository.UserRow): AdminUser {
  return {
    _id: row.id,
    username: row.displayUsername ?? row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image ?? '',
    status: !row.banned,
    roles: [row.role],
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
 * The ids of the accounts whose username or e-mail holds `search` (any case, as plain text), newest first,
 * at most `limit` of them (the staff's order search).
 */
export async function idsMatching(db: DbOrTx, search: string, limit: number): Promise<string[]> {
  const rows = await repository.listUsers(db, {
    search,
    sort: { field: 'createdAt', direction: -1 },
    limit,
    offset: 0,
  });
  return rows.map((row) => row.id);
}

/**
 * Refuses, inside the caller's transaction, a change that would leave the shop without an active admin
 * (demoting, suspending or deleting the last one); the refusal names `field`, what the change touched.
 * Holds the staff lock until the transaction ends.
 */
export async function keepAnAdmin(tx: DbOrTx, userId: string, field = 'roles'): Promise<void> {
  await repository.lockStaff(tx);
  const target = await repository.findUserById(tx, userId);
  if (target?.role !== 'admin' || target.banned) return;
  if ((await repository.countActiveAdminsExcept(tx, userId)) === 0) {
    throw new AppError('CONFLICT', 'The shop must keep at least one active admin', {
      [field]: 'is the last active admin',
    });
  }
}

/** Takes the staff lock for the caller's transaction: role changes, role deletions and the last admin. */
export const lockStaff = (tx: DbOrTx): Promise<void> => repository.lockStaff(tx);

/** How many accounts (suspended ones included, deleted ones not) hold each role. */
export const membersByRole = (db: DbOrTx): Promise<Map<string, number>> => repository.countByRole(db);

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

/** Which permission each staff-only part of an update needs: status `users.write`, the role `users.roles`. */
function permissionsNeeded(userId: string, viewer: CurrentUser, update: UserUpdate): [string, Permission][] {
  const { status, roles, withdrawEntries: _withdraw, ...profile } = update;
  const needed: [string, Permission][] = [];
  if (status !== undefined) needed.push(['status', 'users.write']);
  if (roles !== undefined) needed.push(['roles', 'users.roles']);
  if (userId !== viewer.id && Object.keys(profile).length > 0) needed.push(['profile', 'users.write']);
  return needed;
}

/**
 * `PUT /api/users/update/:id`: a person's own profile; status (`users.write`), the role (`users.roles`)
 * and someone else's profile (`users.write`) only from staff holding the permission. A shopper is told
 * which field (400, as the spec's screens expect); a member of staff which permission (403).
 */
export async function updateUser(
  deps: UserDeps,
  userId: string,
  viewer: CurrentUser,
  update: UserUpdate,
): Promise<UserDashboard> {
  // Consent is the person's own to give or withdraw: nobody gives it for them.
  if (userId !== viewer.id && (update.marketing !== undefined || update.marketingSource !== undefined))
    throw new AppError('FORBIDDEN', 'Only the person can give or withdraw their marketing consent', {
      marketing: 'only the person can set it',
    });
  const missing = permissionsNeeded(userId, viewer, update).filter(
    ([, permission]) => !can(viewer, permission),
  );
  if (missing.length > 0 && !isStaff(viewer)) {
    const refused = (['status', 'roles'] as const).filter((key) => update[key] !== undefined);
    throw new AppError(
      'VALIDATION_ERROR',
      `Only an admin can change ${refused.join(' and ')}`,
      Object.fromEntries(refused.map((key) => [key, 'cannot be set here'])),
    );
  }
  const [first] = missing;
  if (first)
    throw missingPermission(viewer, first[1], `Changing ${first[0]} needs the ${first[1]} permission`);
  if (update.status === undefined && update.roles === undefined && userId === viewer.id) {
    const { status: _status, roles: _roles, ...profile } = update;
    return updateProfile(deps, userId, profile);
  }
  return staffUpdate(deps, userId, viewer.id, update);
}

/** A role a person may be given: one that exists (400 naming it otherwise). */
async function refuseUnknownRole(deps: UserDeps, db: DbOrTx, role: string): Promise<void> {
  if (!(await deps.roles.exists(db, role)))
    throw new AppError('VALIDATION_ERROR', `${role} is not a role`, { roles: `${role} is not a role` });
}

/**
 * A staff member's `PUT /api/users/update/:id` (the permissions checked): profile fields, status (false
 * suspends and ends the sessions, true reactivates) and the role, all or nothing. A role change holds the
 * staff lock, so a role cannot be deleted while it is given, nor the last admin lose the role.
 */
export async function staffUpdate(
  deps: UserDeps,
  userId: string,
  actingAdminId: string,
  update: UserUpdate,
): Promise<UserDashboard> {
  const { status, roles, ...profile } = update;
  const role = roles?.[0];
  if (status === false) refuseSelf(userId, actingAdminId, 'suspend');
  if (role !== undefined) refuseSelf(userId, actingAdminId, 'change the role of');
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await findLiveUser(tx, userId);
    if (role !== undefined) {
      await repository.lockStaff(tx);
      await refuseUnknownRole(deps, tx, role);
    }
    if (status === false || (role !== undefined && role !== 'admin'))
      await keepAnAdmin(tx, userId, status === false ? 'status' : 'roles');
    if (Object.keys(profile).length > 0) await saveProfile(deps, tx, userId, profile);
    if (status !== undefined) await repository.setBanned(tx, userId, !status);
    if (role !== undefined) await repository.setRole(tx, userId, role);
    const after = await findLiveUser(tx, userId);
    await publishChange(publish, { before, after, update, userId, actingAdminId });
  });
  return getDashboard(deps, userId);
}

/**
 * Publishes what an admin's update did: the switch it flipped, else a profile change; nothing when nothing
 * changed or when an admin edited their own profile (not a staff action on someone).
 */
async function publishChange(
  publish: Publish,
  change: {
    before: repository.UserRow;
    after: repository.UserRow;
    update: UserUpdate;
    userId: string;
    actingAdminId: string;
  },
): Promise<void> {
  const { before, after, update, userId, actingAdminId } = change;
  const type = adminUpdateType(before, after);
  const [was, is] = [auditedFields(before, update), auditedFields(after, update)];
  const own = type === 'user.updated' && userId === actingAdminId;
  if (own || JSON.stringify(was) === JSON.stringify(is)) return;
  await publish({ type, userId, actorId: actingAdminId, before: was, after: is });
}

type UserChange = FactOf<
  | 'user.updated'
  | 'user.suspended'
  | 'user.reactivated'
  | 'user.promoted'
  | 'user.demoted'
  | 'user.role-changed'
>;

/** What an admin's update did: the switch it flipped, else a profile change. */
function adminUpdateType(before: repository.UserRow, after: repository.UserRow): UserChange['type'] {
  if (before.banned !== after.banned) return after.banned ? 'user.suspended' : 'user.reactivated';
  if (before.role !== after.role) {
    if (before.role === SHOPPER_ROLE) return 'user.promoted';
    return after.role === SHOPPER_ROLE ? 'user.demoted' : 'user.role-changed';
  }
  return 'user.updated';
}

/** The fields an admin's update names, as the wire shows them (never credentials or sessions). */
function auditedFields(row: repository.UserRow, update: UserUpdate): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    username: row.displayUsername ?? row.username,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    image: row.image ?? '',
    status: !row.banned,
    roles: [row.role],
  };
  return Object.fromEntries(
    Object.keys(update)
      .filter((key) => key in wire && update[key as keyof UserUpdate] !== undefined)
      .map((key) => [key, wire[key]]),
  );
}

/** Signing in stops asking for an authenticator code: its factor was removed by staff (see auth's resetFactors). */
export function clearTwoFactor(tx: DbOrTx, userId: string): Promise<void> {
  return repository.setTwoFactorEnabled(tx, userId, false);
}

/** The staff: every account whose role is not a shopper's, by username. */
export function listStaff(db: DbOrTx): Promise<repository.UserRow[]> {
  return repository.findStaff(db);
}

/**
 * Gives an account a staff role, in the caller's transaction (an invitation accepted). The shop's last
 * active admin keeps theirs.
 */
export async function giveStaffRole(tx: DbOrTx, userId: string, role: string): Promise<void> {
  if (role !== 'admin') await keepAnAdmin(tx, userId);
  await repository.setRole(tx, userId, role);
}

/** Shoppers' accounts still unverified `days` after they were made, oldest first (the privacy job's). */
export function unverifiedOlderThan(db: DbOrTx, days: number, limit: number): Promise<string[]> {
  return repository.findUnverifiedOlderThan(db, days, limit);
}
