import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema/uploads';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

/**
 * Stores a file unless its key is taken. A key always holds the same content (fresh names for uploads, the
 * same drawing of a seeded shoe), so instances drawing one seed picture at once both succeed.
 */
export async function insertMedia(db: DbOrTx, file: NewMedia): Promise<void> {
  await db.insert(media).values(file).onConflictDoNothing({ target: media.key });
}

export async function findMedia(db: DbOrTx, key: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.key, key)).limit(1);
  return row ?? null;
}

export async function mediaExists(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db.select({ key: media.key }).from(media).where(eq(media.key, key)).limit(1);
  return rows.length > 0;
}

export async function removeMedia(db: DbOrTx, key: string): Promise<void> {
  await db.delete(media).where(eq(media.key, key));
}
