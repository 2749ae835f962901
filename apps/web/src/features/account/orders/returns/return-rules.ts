import type { Order, OrderReturn, ReturnReason, ReturnState } from '@shop/contracts';

/** States of a return that still claim its units: everything but a refused or withdrawn one. */
const CLAIMING: readonly ReturnState[] = ['requested', 'approved', 'received'];
/** States in which the buyer may still withdraw a return. */
const CANCELLABLE: readonly ReturnState[] = ['requested', 'approved'];

const lineKey = (productId: string, size: string) => `${productId}|${size}`;

/** A line of the order the buyer may send back, and how many of its units still can go. */
export interface ReturnableLine {
  productId: string;
  name: string;
  img: string;
  size: string;
  /** Units shipped minus units already in a return that was not rejected or cancelled. */
  returnable: number;
}

/** Units per product and size: shipped, and already claimed by returns. */
function unitsBy(order: Order) {
  const shipped = new Map<string, number>();
  for (const shipment of order.shipments)
    for (const line of shipment.lines) {
      const key = lineKey(line.productId, line.size);
      shipped.set(key, (shipped.get(key) ?? 0) + line.count);
    }
  const claimed = new Map<string, number>();
  for (const orderReturn of order.returns) {
    if (!CLAIMING.includes(orderReturn.state)) continue;
    for (const line of orderReturn.lines) {
      const key = lineKey(line.productId, line.size);
      claimed.set(key, (claimed.get(key) ?? 0) + line.count);
    }
  }
  return { shipped, claimed };
}

/**
 * The order's lines with what can still be returned of each: what left the warehouse, less what is already
 * in a return. Lines with nothing left to return are left out.
 */
export function returnableLines(order: Order): ReturnableLine[] {
  const { shipped, claimed } = unitsBy(order);
  const lines: ReturnableLine[] = [];
  for (const line of order.products) {
    const key = lineKey(line.id, line.size);
    const left = Math.min(line.count, shipped.get(key) ?? 0) - (claimed.get(key) ?? 0);
    if (left > 0)
      lines.push({
        productId: line.id,
        name: line.name,
        img: line.card_picture || line.img,
        size: line.size,
        returnable: left,
      });
  }
  return lines;
}

/** A paid order that has left the warehouse, with units not yet sent back, can be returned or exchanged. */
export function canOpenReturn(order: Order): boolean {
  return (
    order.state === 'aprobed' &&
    (order.fulfilment === 'shipped' || order.fulfilment === 'delivered') &&
    returnableLines(order).length > 0
  );
}

export const canCancelReturn = (orderReturn: OrderReturn) => CANCELLABLE.includes(orderReturn.state);

/** "Other" needs the buyer's own words. */
export const commentRequired = (reason: ReturnReason | '') => reason === 'other';

/** Sizes an exchange may go to: another size of the same product with units on sale, smallest first. */
export function exchangeSizes(
  stock: Readonly<Record<string, number>> | undefined,
  returned: string,
): string[] {
  if (!stock) return [];
  return Object.entries(stock)
    .filter(([size, units]) => size !== returned && units > 0)
    .map(([size]) => size)
    .sort((a, b) => Number(a) - Number(b));
}
