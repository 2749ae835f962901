import type { PromotionState } from '@shop/contracts';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotion, promotionUse } from '../../db/schema/promotions';

export type PromotionRow = typeof promotion.$inferSelect;
export type NewPromotion = typeof promotion.$inferInsert;

export async function insertPromotion(db: DbOrTx, values: NewPromotion): Promise<PromotionRow> {
  const [row] = await db.insert(promotion).values(values).returning();
  if (!row) throw new Error('The promotion was not inserted');
  return row;
}

export async function updatePromotion(
  db: DbOrTx,
  id: string,
  values: Partial<NewPromotion>,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .update(promotion)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promotion.id, id))
    .returning();
  return row;
}

export async function findPromotion(db: DbOrTx, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotion).where(eq(promotion.id, id));
  return row;
}

/** The promotion, its row locked until the transaction ends: one staff change at a time. */
export async function lockPromotion(db: DbOrTx, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotion).where(eq(promotion.id, id)).for('update');
  return row;
}

export async function findByCode(db: DbOrTx, codeKey: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotion).where(eq(promotion.codeKey, codeKey));
  return row;
}

/** Whether another promotion goes by this code (in any case). */
export async function codeTaken(db: DbOrTx, codeKey: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotion.id })
    .from(promotion)
    .where(and(eq(promotion.codeKey, codeKey), exceptId ? ne(promotion.id, exceptId) : undefined));
  return row !== undefined;
}

/** The SQL condition of each state (see PROMOTION_STATES), at `now`. */
function stateCondition(state: PromotionState, now: Date): SQL | undefined {
  const active = eq(promotion.status, 'active');
  const started = or(isNull(promotion.startsAt), lte(promotion.startsAt, now));
  const notEnded = or(isNull(promotion.endsAt), gt(promotion.endsAt, now));
  const usedUp = and(isNotNull(promotion.totalUses), sql`${promotion.uses} >= ${promotion.totalUses}`);
  switch (state) {
    case 'paused':
    case 'archived':
      return eq(promotion.status, state);
    case 'scheduled':
      return and(active, gt(promotion.startsAt, now), notEnded);
    case 'ended':
      return and(active, lte(promotion.endsAt, now));
    case 'used_up':
      return and(active, started, notEnded, usedUp);
    case 'active':
      return and(active, started, notEnded, sql`NOT (${usedUp ?? sql`false`})`);
  }
}

export interface PromotionFilter {
  state?: PromotionState;
  search?: string;
}

function filterCondition(filter: PromotionFilter, now: Date): SQL | undefined {
  return and(
    filter.state ? stateCondition(filter.state, now) : ne(promotion.status, 'archived'),
    filter.search ? ilike(promotion.code, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
}

/** The promotions matching `filter`, newest first, one page. */
export function listPromotions(
  db: DbOrTx,
  filter: PromotionFilter,
  page: { limit: number; offset: number },
  now: Date,
): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotion)
    .where(filterCondition(filter, now))
    .orderBy(desc(promotion.createdAt), desc(promotion.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPromotions(db: DbOrTx, filter: PromotionFilter, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(promotion).where(filterCondition(filter, now));
  return row?.n ?? 0;
}

/** What each promotion took off paid orders, and what those orders came to, in cents. */
export async function paidFigures(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { discountedCents: number; salesCents: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      promotionId: promotionUse.promotionId,
      discounted: sum(promotionUse.discountCents).mapWith(Number),
      sales: sum(promotionUse.orderTotalCents).mapWith(Number),
    })
    .from(promotionUse)
    .where(
      and(sql`${promotionUse.promotionId} = ANY(${sql.param(ids)}::uuid[])`, isNotNull(promotionUse.paidAt)),
    )
    .groupBy(promotionUse.promotionId);
  return new Map(
    rows.map((row) => [
      row.promotionId,
      { discountedCents: row.discounted ?? 0, salesCents: row.sales ?? 0 },
    ]),
  );
}

/**
 * Takes one use of the promotion, only while it has one left: one conditional update, so of buyers racing
 * for the last use exactly one gets it. The row stays locked until the transaction ends, so the buyer's own
 * uses are counted after every earlier checkout with the code has committed or rolled back.
 */
export async function takeUse(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(promotion)
    .set({ uses: sql`${promotion.uses} + 1` })
    .where(
      and(
        eq(promotion.id, id),
        or(isNull(promotion.totalUses), sql`${promotion.uses} < ${promotion.totalUses}`),
      ),
    )
    .returning({ id: promotion.id });
  return rows.length > 0;
}

/** The orders of this buyer holding the promotion (pending or paid). */
export async function countCustomerUses(db: DbOrTx, promotionId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionUse)
    .where(
      and(
        eq(promotionUse.promotionId, promotionId),
        eq(promotionUse.userId, userId),
        isNull(promotionUse.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function insertUse(db: DbOrTx, values: typeof promotionUse.$inferInsert): Promise<void> {
  await db.insert(promotionUse).values(values);
}

/**
 * Gives back the use of an order cancelled before its payment, once: the use is marked released and the
 * promotion's count goes down in the same transaction.
 */
export async function releaseUse(db: DbOrTx, orderId: string): Promise<boolean> {
  const [use] = await db
    .update(promotionUse)
    .set({ releasedAt: new Date() })
    .where(
      and(eq(promotionUse.orderId, orderId), isNull(promotionUse.releasedAt), isNull(promotionUse.paidAt)),
    )
    .returning({ promotionId: promotionUse.promotionId });
  if (!use) return false;
  await db
    .update(promotion)
    .set({ uses: sql`greatest(${promotion.uses} - 1, 0)` })
    .where(eq(promotion.id, use.promotionId));
  return true;
}

export async function markUsePaid(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(promotionUse)
    .set({ paidAt: new Date() })
    .where(and(eq(promotionUse.orderId, orderId), isNull(promotionUse.paidAt)));
}

/** Adds a promotion unless its code is taken (the seed's, run any number of times). */
export async function insertMissing(db: DbOrTx, values: NewPromotion): Promise<boolean> {
  const rows = await db
    .insert(promotion)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: promotion.id });
  return rows.length > 0;
}
