import { and, asc, count, desc, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { stockAlert } from '../../db/schema/stock-alerts';

export type StockAlertRow = typeof stockAlert.$inferSelect;

const open = isNull(stockAlert.notifiedAt);

/** Adds an open alert; answers undefined when the user already has one for this size. */
export async function insertAlert(
  db: DbOrTx,
  alert: { userId: string; productId: string; size: number },
): Promise<StockAlertRow | undefined> {
  const [row] = await db.insert(stockAlert).values(alert).onConflictDoNothing().returning();
  return row;
}

/** The user's open alerts, newest first. */
export async function findOpenAlertsOfUser(db: DbOrTx, userId: string): Promise<StockAlertRow[]> {
  return db
    .select()
    .from(stockAlert)
    .where(and(eq(stockAlert.userId, userId), open))
    .orderBy(desc(stockAlert.createdAt), desc(stockAlert.id));
}

export async function countOpenAlertsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stockAlert)
    .where(and(eq(stockAlert.userId, userId), open));
  return row?.n ?? 0;
}

/** Deletes one of the user's alerts; false when it is not there or not theirs. */
export async function deleteAlert(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(stockAlert)
    .where(and(eq(stockAlert.id, id), eq(stockAlert.userId, userId)))
    .returning({ id: stockAlert.id });
  return rows.length === 1;
}

export async function deleteAlertsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(stockAlert)
    .where(eq(stockAlert.userId, userId))
    .returning({ id: stockAlert.id });
  return rows.length;
}

/**
 * Claims the open alerts of these sizes for sending: one statement marks them used up and answers them, so
 * of two instances (or two cancellations) claiming at once, each alert goes to exactly one.
 */
export async function claimOpenAlerts(
  db: DbOrTx,
  sizes: { productId: string; size: number }[],
): Promise<StockAlertRow[]> {
  if (sizes.length === 0) return [];
  const wanted: SQL[] = sizes.map(
    (line) => sql`(${stockAlert.productId} = ${line.productId} AND ${stockAlert.size} = ${line.size})`,
  );
  return db
    .update(stockAlert)
    .set({ notifiedAt: sql`now()` })
    .where(and(open, sql.join(wanted, sql` OR `)))
    .returning();
}

const newer = alias(stockAlert, 'newer');

/**
 * Claimed alerts whose e-mail could not be sent are open again, for a later retry; unless the shopper has
 * asked again for the same size meanwhile (that newer alert stands for both).
 */
export async function releaseAlerts(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(stockAlert)
    .set({ notifiedAt: null })
    .where(
      and(
        inArray(stockAlert.id, ids),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.userId, stockAlert.userId),
                eq(newer.productId, stockAlert.productId),
                eq(newer.size, stockAlert.size),
                isNull(newer.notifiedAt),
              ),
            ),
        ),
      ),
    );
}

/** Sizes that have open alerts, oldest wish first (at most `limit`): what a sweep checks for stock. */
export async function findWaitingSizes(
  db: DbOrTx,
  limit: number,
): Promise<{ productId: string; size: number }[]> {
  return db
    .select({ productId: stockAlert.productId, size: stockAlert.size })
    .from(stockAlert)
    .where(open)
    .groupBy(stockAlert.productId, stockAlert.size)
    .orderBy(asc(sql`min(${stockAlert.createdAt})`))
    .limit(limit);
}
