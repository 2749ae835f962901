import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorite, session, user } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;

export interface ProfileFields {
  username?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
  image?: string | null;
}

/** How a user is shown beside their orders and reviews: the display username and the picture. */
export const userSummaryColumns = {
  id: user.id,
  username: sql<string>`coalesce(${user.displayUsername}, ${user.username})`,
  email: user.email,
  image: sql<string>`coalesce(${user.image}, '')`,
};

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
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

/** Suspends or reactivates; suspending ends every session of the user in the same transaction. */
export async function setBanned(db: DbOrTx, id: string, banned: boolean): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ banned, updatedAt: sql`now()` })
      .where(eq(user.id, id))
      .returning();
    if (row && banned) await tx.delete(session).where(eq(session.userId, id));
    return row;
  });
}

export async function setRole(db: DbOrTx, id: string, role: 'user' | 'admin'): Promise<UserRow | undefined> {
  const [row] = await db.update(user).set({ role, updatedAt: sql`now()` }).where(eq(user.id, id)).returning();
  return row;
}

export async function deleteSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
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

export async function removeFavorite(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.delete(favorite).where(and(eq(favorite.userId, userId), eq(favorite.productId, productId)));
}

/** The user behind a session token, if the session has not expired. One query. */
export async function findUserBySessionToken(db: DbOrTx, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  return row?.user;
}
