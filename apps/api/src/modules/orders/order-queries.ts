import { paidForUnits, sizeKey } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { filterOf, type OrdersFilter } from './order-views';
import * as repository from './orders.repository';

/** What other modules ask about orders: purchases (reviews, the account), and the figures of sales. */

/** The products of the user's approved orders, newest purchase first (the Bought tab). */
export function boughtProducts(db: DbOrTx, userId: string): Promise<repository.BoughtProduct[]> {
  return repository.findBoughtProducts(db, userId);
}

/**
 * The size key the user bought the product in (their latest approved order of it), or null when they
 * never bought it: only buyers review it, and a review keeps the size its writer wears.
 */
export async function sizeBought(db: DbOrTx, userId: string, productId: string): Promise<string | null> {
  const size = await repository.sizeBought(db, userId, productId);
  return size === null ? null : sizeKey(size);
}

/** True when an order names the shipping method: staff deleting it archive it instead. */
export function orderUsesShippingMethod(db: DbOrTx, methodId: string): Promise<boolean> {
  return repository.usesShippingMethod(db, methodId);
}

/** The paid orders placed in [from, to), day by day: what they took, their shipping, how many are not refunded. */
export function paidPerDay(db: DbOrTx, from: Date, to: Date) {
  return repository.paidPerDay(db, from, to);
}

/** The day each of these orders was placed (YYYY-MM-DD, UTC), of those paid and placed in [from, to). */
export function placedDaysOf(
  db: DbOrTx,
  orderIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, string>> {
  return repository.findPlacedDays(db, orderIds, from, to);
}

/** Units of an order's line given back by returns and refunded (exchanges are still sales). */
export interface RefundedUnits {
  orderId: string;
  position: number;
  count: number;
}

/**
 * The products with the most pairs sold in the paid orders placed in [from, to), then by revenue, both net:
 * a pair returned for a refund is not counted, and revenue is what was paid (the lines less the discount
 * code's share) less what the returns refunded of them; a wholly refunded order counts nothing. Products
 * with refunds are read beside the top `limit`, so the net order is exact.
 */
export async function bestSellers(
  db: DbOrTx,
  from: Date,
  to: Date,
  limit: number,
  refunded: RefundedUnits[],
): Promise<repository.BestSeller[]> {
  const items = await repository.findSoldItems(
    db,
    [...new Set(refunded.map((units) => units.orderId))],
    from,
    to,
  );
  const back = new Map<string, { units: number; cents: number }>();
  for (const item of items) {
    const units = refunded
      .filter((line) => line.orderId === item.orderId && line.position === item.position)
      .reduce((sum, line) => sum + line.count, 0);
    if (units === 0) continue;
    const paid = { paidCents: item.unitPriceCents * item.count - item.discountCents, count: item.count };
    const sum = back.get(item.productId) ?? { units: 0, cents: 0 };
    back.set(item.productId, {
      units: sum.units + Math.min(units, item.count),
      cents: sum.cents + paidForUnits(paid, 0, units),
    });
  }
  const rows = await repository.findBestSellers(db, from, to, {
    limit: limit + back.size,
    also: [...back.keys()],
  });
  return rows
    .map((row) => {
      const minus = back.get(row.productId) ?? { units: 0, cents: 0 };
      return { ...row, units: row.units - minus.units, revenueCents: row.revenueCents - minus.cents };
    })
    .filter((row) => row.units > 0)
    .sort(
      (a, b) => b.units - a.units || b.revenueCents - a.revenueCents || (a.productId < b.productId ? -1 : 1),
    )
    .slice(0, limit);
}

/** Pairs of these products sold in [from, to), per product. */
export function unitsSold(
  db: DbOrTx,
  productIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  return repository.countUnitsSold(db, productIds, from, to);
}

/** Pairs sold in [from, to), per product and size key ('9.5'), of the paid orders still sales. */
export async function unitsSoldPerSize(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ productId: string; size: string; units: number }[]> {
  const rows = await repository.countUnitsSoldPerSize(db, from, to);
  return rows.map((row) => ({ productId: row.productId, size: sizeKey(row.size), units: row.units }));
}

export type ExportedOrder = repository.ExportedOrder;
export type OrderCursor = repository.OrderCursor;
export type TaxedOrder = repository.TaxedOrder;

/**
 * The next `limit` orders of the list's filter after `after`, oldest first: one step of a walk that reads
 * each order once however many there are (the CSV export).
 */
export function ordersAfter(
  db: DbOrTx,
  filter: OrdersFilter,
  after: OrderCursor | undefined,
  limit: number,
): Promise<ExportedOrder[]> {
  return repository.findOrdersAfter(db, { userId: filter._id, ...filterOf(filter) }, after, limit);
}

/** The orders paid in [from, to) by the day they were paid, with their frozen tax: the tax report's sales. */
export function ordersPaidIn(db: DbOrTx, from: Date, to: Date): Promise<repository.TaxedOrder[]> {
  return repository.findTaxedOrders(db, { from, to });
}

/** These orders with their frozen tax, of those paid: the tax report's refunds. */
export function taxedOrders(db: DbOrTx, ids: string[]): Promise<repository.TaxedOrder[]> {
  return repository.findTaxedOrders(db, { ids });
}

/** The orders paid in [from, to) per destination (as their address names it): totals, tax, how many. */
export function paidPerDestination(db: DbOrTx, from: Date, to: Date) {
  return repository.sumPaidPerDestination(db, from, to);
}

/** Of these people, those who bought before `before` (the soft opt-in's customers, issue 40). */
export function customersAmong(db: DbOrTx, userIds: string[], before: Date): Promise<Set<string>> {
  return repository.findCustomersAmong(db, userIds, before);
}

/** A paid order's buyer, number and total in cents. */
export function paidOrderSummary(db: DbOrTx, orderId: string) {
  return repository.findPaidSummary(db, orderId);
}

/** These orders' numbers and totals in cents, by id. */
export function orderNumbersAndTotals(db: DbOrTx, orderIds: string[]) {
  return repository.findNumbersAndTotals(db, orderIds);
}
