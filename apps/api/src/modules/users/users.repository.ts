import {
  erasedCustomerName,
  type MarketingBasis,
  type MarketingSource,
  type MarketingState,
} from '@shop/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorite, marketingConsent, user } from '../../db/schema/users';
import type { NewPerson } from './new-person';

export type UserRow = typeof user.$inferSelect;

/** The ban reason of an account deleted by its owner or an admin. */
export const DELETED = 'deleted';

export interface ProfileFields {
  username?: string;
  fullName?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  image?: string | null;
  priceDropEmails?: boolean;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(user).where(inArray(user.id, ids));
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

/**
 * Adds verified users with no way to sign in (no password, no provider account), skipping e-mails already
 * registered; answers the users that now have those e-mails. Used for the seeded customers.
 */
export async function ensurePeople(
  db: DbOrTx,
  people: NewPerson[],
): Promise<{ added: number; ids: Map<string, string> }> {
  if (people.length === 0) return { added: 0, ids: new Map() };
  const added = await db
    .insert(user)
    .values(
      people.map((person) => ({
        email: person.email.toLowerCase(),
        emailVerified: true,
        name: person.username,
        username: person.username.toLowerCase(),
        displayUsername: person.username,
        ...(person.createdAt ? { createdAt: person.createdAt, updatedAt: person.createdAt } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: user.id });
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        people.map((person) => person.email.toLowerCase()),
      ),
    );
  return { added: added.length, ids: new Map(rows.map((row) => [row.email, row.id])) };
}

export async function usernameTaken(db: DbOrTx, username: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.username, username.toLowerCase()));
  return row !== undefined && row.id !== exceptUserId;
}

/** Updates the profile; a new username keeps its spelling for display and is unique case-insensitively. */
export async function updateProfile(
  db: DbOrTx,
  id: string,
  fields: ProfileFields,
): Promise<UserRow | undefined> {
  const { username, ...rest } = fields;
  const [row] = await db
    .update(user)
    .set({
      ...rest,
      ...(username === undefined
        ? {}
        : { username: username.toLowerCase(), displayUsername: username, name: username }),
      updatedAt: sql`now()`,
    })
    .where(eq(user.id, id))
    .returning();
  return row;
}

/** Suspends or reactivates (the auth module ends a suspended user's sessions when it hears of it). */
export async function setBanned(db: DbOrTx, id: string, banned: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ banned, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return row;
}

/** Gives the account a role (staff changed it, or an invitation was accepted), noting since when it holds it. */
export async function setRole(db: DbOrTx, id: string, role: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ role, roleSince: sql`now()`, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return row;
}

/** Better Auth's flag that signing in asks for an authenticator code (cleared when staff reset the factors). */
export async function setTwoFactorEnabled(db: DbOrTx, id: string, enabled: boolean): Promise<void> {
  await db.update(user).set({ twoFactorEnabled: enabled, updatedAt: sql`now()` }).where(eq(user.id, id));
}

export async function favoriteProductIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favorite.productId })
    .from(favorite)
    .where(eq(favorite.userId, userId))
    .orderBy(favorite.createdAt);
  return rows.map((row) => row.productId);
}

export async function addFavorite(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.insert(favorite).values({ userId, productId }).onConflictDoNothing();
}

/** Answers whether it was a favourite. */
export async function removeFavorite(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .delete(favorite)
    .where(and(eq(favorite.userId, userId), eq(favorite.productId, productId)))
    .returning({ productId: favorite.productId });
  return rows.length > 0;
}

export async function removeFavoritesOfUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(favorite)
    .where(eq(favorite.userId, userId))
    .returning({ productId: favorite.productId });
  return rows.length;
}

/**
 * Strips the user row of everything personal, for good: e-mail and names become placeholders (the e-mail
 * is free for a new sign-up), the profile is emptied and the account is banned, so it can never sign in
 * again. The row itself stays, so the orders that point at it keep their history.
 */
export async function anonymise(db: DbOrTx, userId: string, number: number): Promise<UserRow | undefined> {
  const placeholder = `erased-${number}`;
  const [row] = await db
    .update(user)
    .set({
      email: `${placeholder}@deleted.invalid`,
      emailVerified: false,
      name: erasedCustomerName(number),
      username: placeholder,
      displayUsername: placeholder,
      image: null,
      fullName: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      priceDropEmails: false,
      sizeSystem: 'US',
      mySizes: { brands: {} },
      twoFactorEnabled: false,
      marketingState: 'not_asked',
      marketingBasis: null,
      marketingSource: null,
      marketingUpdatedAt: null,
      role: 'user',
      banned: true,
      banReason: DELETED,
      banExpires: null,
      updatedAt: sql`now()`,
    })
    .where(eq(user.id, userId))
    .returning();
  return row;
}

/** What every request needs to know of the signed-in user. */
const sessionUserColumns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  username: user.username,
  displayUsername: user.displayUsername,
  role: user.role,
  roleSince: user.roleSince,
  createdAt: user.createdAt,
  banned: user.banned,
};
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>;

/** What a signed-in request needs of its user (the auth module found the user behind the session). */
export async function findSessionUser(db: DbOrTx, id: string): Promise<SessionUser | undefined> {
  const [row] = await db.select(sessionUserColumns).from(user).where(eq(user.id, id));
  return row;
}

export interface UserListing {
  search?: string;
  sort: { field: 'username' | 'email' | 'createdAt'; direction: 1 | -1 };
  limit: number;
  offset: number;
}

/** One page of users whose username or e-mail holds `search` (any case), in the order asked, id last. */
export async function listUsers(db: DbOrTx, listing: UserListing): Promise<UserRow[]> {
  const pattern = listing.search ? `%${listing.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const column = { username: user.username, email: user.email, createdAt: user.createdAt }[
    listing.sort.field
  ];
  const direction = listing.sort.direction === 1 ? asc : desc;
  return db
    .select()
    .from(user)
    .where(
      and(
        or(isNull(user.banReason), ne(user.banReason, DELETED)),
        pattern ? or(ilike(user.username, pattern), ilike(user.email, pattern)) : undefined,
      ),
    )
    .orderBy(direction(column), direction(user.id))
    .limit(listing.limit)
    .offset(listing.offset);
}

/**
 * Serialises every change that could leave the shop without an admin (demote, suspend, delete) until the
 * transaction ends, so two admins acting on each other at once are counted one after the other.
 */
export async function lockStaff(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop-staff'))`);
}

/** How many accounts hold each role (deleted accounts, kept only for their orders, left out). */
export async function countByRole(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ role: user.role, n: sql<number>`count(*)`.mapWith(Number) })
    .from(user)
    .where(or(isNull(user.banReason), ne(user.banReason, DELETED)))
    .groupBy(user.role);
  return new Map(rows.map((row) => [row.role ?? 'user', row.n]));
}

/** How many admins who are not suspended there are, `userId` left out. */
export async function countActiveAdminsExcept(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(user)
    .where(and(eq(user.role, 'admin'), eq(user.banned, false), ne(user.id, userId)));
  return row?.n ?? 0;
}

/**
 * Up to `limit` users, by id after `afterId`, who have the product among their favourites and want to
 * hear of its price drops (suspended accounts left out): whom a price drop is e-mailed to, a page at a time.
 */
export async function findPriceDropRecipients(
  db: DbOrTx,
  productId: string,
  afterId: string | undefined,
  limit: number,
  notAskedToo: boolean,
): Promise<{ id: string; email: string; username: string; consented: boolean }[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      username: user.username,
      displayUsername: user.displayUsername,
      marketingState: user.marketingState,
    })
    .from(favorite)
    .innerJoin(user, eq(user.id, favorite.userId))
    .where(
      and(
        eq(favorite.productId, productId),
        eq(user.priceDropEmails, true),
        // Price drops are marketing (issue 40): to those who said yes, and (the soft opt-in) those not asked.
        notAskedToo
          ? inArray(user.marketingState, ['subscribed', 'not_asked'])
          : eq(user.marketingState, 'subscribed'),
        eq(user.banned, false),
        afterId === undefined ? undefined : gt(user.id, afterId),
      ),
    )
    .orderBy(asc(user.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    username: row.displayUsername ?? row.username,
    consented: row.marketingState === 'subscribed',
  }));
}

/** Every account whose role is not a shopper's (deleted accounts left out), by username. */
export async function findStaff(db: DbOrTx): Promise<UserRow[]> {
  return db
    .select()
    .from(user)
    .where(and(ne(user.role, 'user'), or(isNull(user.banReason), ne(user.banReason, DELETED))))
    .orderBy(asc(user.username), asc(user.id));
}

/**
 * Sets a person's marketing consent and keeps the change in its history (issue 40), unless it is already
 * in that state. Answers whether it changed.
 */
export async function setMarketing(
  db: DbOrTx,
  userId: string,
  consent: { state: MarketingState; basis: MarketingBasis | null; source: MarketingSource },
): Promise<boolean> {
  const [row] = await db
    .update(user)
    .set({
      marketingState: consent.state,
      marketingBasis: consent.basis,
      marketingSource: consent.source,
      marketingUpdatedAt: sql`now()`,
    })
    .where(and(eq(user.id, userId), ne(user.marketingState, consent.state)))
    .returning({ id: user.id });
  if (!row) return false;
  await db.insert(marketingConsent).values({ userId, ...consent });
  return true;
}

/**
 * Shoppers' accounts never verified and older than `days` (retention, issue 40): the privacy job erases
 * them. Staff and erased accounts are left alone.
 */
export async function findUnverifiedOlderThan(db: DbOrTx, days: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.emailVerified, false),
        eq(user.role, 'user'),
        or(isNull(user.banReason), ne(user.banReason, DELETED)),
        sql`${user.createdAt} < now() - make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(user.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
