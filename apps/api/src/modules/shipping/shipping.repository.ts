import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shippingMethod } from '../../db/schema/shipping';

export type ShippingMethodRow = typeof shippingMethod.$inferSelect;
export type ShippingMethodValues = Pick<
  ShippingMethodRow,
  | 'name'
  | 'priceCents'
  | 'freeAboveCents'
  | 'countries'
  | 'estimateMinDays'
  | 'estimateMaxDays'
  | 'active'
  | 'taxCategory'
>;

const notArchived = isNull(shippingMethod.archivedAt);
/** Cheapest first; of two at one price, the older first, so the order never changes between requests. */
const cheapestFirst = [asc(shippingMethod.priceCents), asc(shippingMethod.createdAt), asc(shippingMethod.id)];

/**
 * The methods a buyer may choose: active and not archived, cheapest first; `lock` takes them FOR SHARE (a
 * checkout pricing an order with the cheapest, see `findMethod`).
 */
export async function findOfferedMethods(db: DbOrTx, lock?: 'share'): Promise<ShippingMethodRow[]> {
  const query = db
    .select()
    .from(shippingMethod)
    .where(and(notArchived, eq(shippingMethod.active, true)))
    .orderBy(...cheapestFirst);
  return lock === 'share' ? query.for('share') : query;
}

/** Every method staff manage (active or not), archived ones aside, cheapest first. */
export async function findManagedMethods(db: DbOrTx): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethod)
    .where(notArchived)
    .orderBy(...cheapestFirst);
}

/** These methods, archived or not. */
export async function findMethods(db: DbOrTx, ids: string[]): Promise<ShippingMethodRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(shippingMethod).where(inArray(shippingMethod.id, ids));
}

/**
 * One method, archived or not; `lock` takes it FOR SHARE (a checkout pricing an order with it) or FOR
 * UPDATE (staff deleting it), so a method is never deleted under an order being placed with it.
 */
export async function findMethod(
  db: DbOrTx,
  id: string,
  lock?: 'share' | 'update',
): Promise<ShippingMethodRow | undefined> {
  const query = db.select().from(shippingMethod).where(eq(shippingMethod.id, id));
  const [row] = await (lock === 'share'
    ? query.for('share')
    : lock === 'update'
      ? query.for('update')
      : query);
  return row;
}

export async function insertMethod(db: DbOrTx, values: ShippingMethodValues): Promise<ShippingMethodRow> {
  const [row] = await db.insert(shippingMethod).values(values).returning();
  if (!row) throw new Error('The shipping method was not created');
  return row;
}

/** Changes a method that is not archived; undefined when there is none. */
export async function updateMethod(
  db: DbOrTx,
  id: string,
  values: ShippingMethodValues,
): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .update(shippingMethod)
    .set(values)
    .where(and(eq(shippingMethod.id, id), notArchived))
    .returning();
  return row;
}

export async function deleteMethod(db: DbOrTx, id: string): Promise<void> {
  await db.delete(shippingMethod).where(eq(shippingMethod.id, id));
}

/** Archives a method: no longer offered nor listed, kept for the orders that name it. */
export async function archiveMethod(db: DbOrTx, id: string): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .update(shippingMethod)
    .set({ archivedAt: new Date(), active: false })
    .where(and(eq(shippingMethod.id, id), notArchived))
    .returning();
  return row;
}
