import {
  lineReason,
  type OrderReturn,
  type ReturnBody,
  type ReturnState,
  type ReturnsQuery,
  type Shipment,
  type StaffReturn,
  sizeKey,
} from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundShipping } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents, Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { DocumentPage } from '../../lib/document-page';
import { type CurrentUser, can } from '../../plugins/session';
import * as catalog from '../catalog';
import * as fulfilment from '../fulfilment';
import type { Mailer, MailMessage } from '../mail';
import * as orders from '../orders';
import type { Gateways } from '../payments';
import { sizeWordsIn } from '../sizes';
import * as users from '../users';
import {
  type ReturnBuyer,
  returnApprovedEmail,
  returnOpenedEmail,
  returnRejectedEmail,
} from './return-emails';
import { returnSlipPage } from './return-slip';
import { returnsWithRefunds, toReturnWire } from './return-views';
import * as repository from './returns.repository';

/** What the return rules need from the app. */
export interface ReturnDeps {
  db: Db;
  events: DomainEvents;
  gateways: Gateways;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Days after the last delivery (or shipping) a return may be opened: RETURN_DAYS. */
  returnDays: number;
  /** When a receipt refunds the order's shipping too: RETURN_REFUND_SHIPPING. */
  refundShipping: RefundShipping;
  /** Whether a buyer may take the refund as store credit (RETURN_CREDIT). */
  toCredit: boolean;
  /** Who sells and where returns are sent (SHOP_NAME, SHOP_ADDRESS), printed on the slip. */
  shop: { name: string; address: string[] };
}

/** Returns that are still open: their lines cannot be returned again, their exchange units are held. */
const OPEN_STATES: ReturnState[] = ['requested', 'approved'];

/** The return's buyer as its e-mails address them; null for a deleted account (no address to write to). */
async function buyerOf(db: DbOrTx, userId: string, ret: OrderReturn): Promise<ReturnBuyer | null> {
  const buyer = (await users.contactsOf(db, [userId])).get(userId);
  if (!buyer || buyer.email.endsWith('.invalid')) return null;
  const productIds = ret.lines.map((line) => line.productId);
  return {
    email: buyer.email,
    username: buyer.username,
    sizeWords: await sizeWordsIn(db, buyer.sizeSystem, productIds),
  };
}

/**
 * Queues, in the transaction `tx` that changed the return `ret` (`row` its record), the e-mail telling its
 * buyer, keyed by the return and `event`: the change and its e-mail commit together, and the e-mail goes
 * out once.
 */
export async function tellBuyer(
  deps: Pick<ReturnDeps, 'mailer'>,
  tx: Tx,
  { row, ret }: { row: { id: string; userId: string }; ret: OrderReturn },
  event: string,
  make: (buyer: ReturnBuyer) => MailMessage,
): Promise<void> {
  const buyer = await buyerOf(tx, row.userId, ret);
  if (!buyer) return;
  await deps.mailer.send(make(buyer), { queue: 'bulkMail', key: `return-${event}:${row.id}`, tx });
}

export const slipUrl = (deps: Pick<ReturnDeps, 'siteUrl'>, id: string) =>
  `${deps.siteUrl}/api/returns/${id}/slip`;
export const accountUrl = (deps: Pick<ReturnDeps, 'siteUrl'>) => `${deps.siteUrl}/account/orders`;

/** A state change asked of a return in another state: 409 naming the state it is in. */
export function stateConflict(state: string, wanted: string): AppError {
  return new AppError('CONFLICT', `This return is ${state}: it cannot be ${wanted}`, {
    state: `is ${state}`,
  });
}

/** The latest day each parcel of the order reached the buyer (or left, when no delivery was marked). */
function windowStart(shipments: Shipment[]): Date | null {
  const days = shipments.map((shipment) => new Date(shipment.deliveredAt ?? shipment.shippedAt).getTime());
  return days.length === 0 ? null : new Date(Math.max(...days));
}

/** Refuses an order that is not the buyer's, not paid and shipped, or whose return window ended. */
function checkReturnable(
  order: orders.ReturnedOrder | undefined,
  buyer: CurrentUser,
  shipments: Shipment[],
  days: number,
): asserts order is orders.ReturnedOrder {
  if (!order || order.userId !== buyer.id) throw AppError.notFound('Order');
  const start = windowStart(shipments);
  if (order.state !== 'aprobed' || order.fulfilment === 'unfulfilled' || !start) {
    const reason = order.state === 'aprobed' ? 'has not shipped yet' : `is ${order.state}`;
    throw new AppError('CONFLICT', `Only a shipped order can be returned; this one ${reason}`, {
      order: reason,
    });
  }
  const end = new Date(start.getTime() + days * 86_400_000);
  if (Date.now() > end.getTime()) {
    const reason = `is outside the ${days}-day return window, which ended on ${end.toISOString().slice(0, 10)}`;
    throw new AppError('CONFLICT', `This order ${reason}`, { order: reason });
  }
}

type ReturnedLine = repository.NewReturn['lines'][number];

/** Units of the order line (product and size) that left in the order's shipments. */
function shippedUnits(shipments: Shipment[], productId: string, size: string): number {
  return shipments
    .flatMap((shipment) => shipment.lines)
    .filter((line) => line.productId === productId && line.size === size)
    .reduce((sum, line) => sum + line.count, 0);
}

/**
 * One line of the buyer's return, checked against the order: a line of it, named once, not in an open
 * return, and no more units than shipped and not already returned.
 */
function checkLine(
  order: orders.ReturnedOrder,
  shipments: Shipment[],
  counting: repository.ReturnWithLines[],
  body: ReturnBody,
  index: number,
): ReturnedLine {
  const line = body.lines[index];
  if (!line) throw new Error(`No line ${index}`);
  const field = `lines.${index}`;
  // Sizes compare as numbers: "9", 9 and "09" are one size.
  const size = Number(line.size);
  if (
    body.lines.findIndex((other) => other.productId === line.productId && Number(other.size) === size) < index
  ) {
    throw AppError.invalid(field, 'names the same order line twice');
  }
  const item = order.items.find(
    (candidate) => candidate.productId === line.productId && candidate.size === size,
  );
  if (!item) throw AppError.invalid(field, 'is not a line of this order');
  if (line.exchangeSize !== undefined && Number(line.exchangeSize) === size) {
    throw AppError.invalid(`${field}.exchangeSize`, 'must be another size than the one returned');
  }
  const open = counting.find(
    (ret) => OPEN_STATES.includes(ret.state) && ret.lines.some((other) => other.position === item.position),
  );
  if (open) {
    const reason = `is already in return R-${open.number}, which is still open`;
    throw new AppError('CONFLICT', `Size ${sizeKey(size)} of ${item.name} ${reason}`, { [field]: reason });
  }
  const returned = counting
    .flatMap((ret) => ret.lines)
    .filter((other) => other.position === item.position)
    .reduce((sum, other) => sum + other.count, 0);
  const left = shippedUnits(shipments, item.productId, sizeKey(size)) - returned;
  if (line.count > left) {
    throw AppError.invalid(
      `${field}.count`,
      left > 0
        ? `must be at most ${left}: the units shipped and not already returned`
        : 'cannot be returned: none of its units shipped or all are already returned',
    );
  }
  return {
    position: item.position,
    productId: item.productId,
    name: item.name,
    size: item.size,
    count: line.count,
    resolution: line.resolution,
    exchangeSize: line.exchangeSize === undefined ? null : Number(line.exchangeSize),
    reason: lineReason(body, line),
  };
}

/**
 * Holds the exchange lines' new sizes (units to reserved, in the catalogue's lock order): a size the
 * product does not have is a 400, one without enough units a 409, each naming the line's field.
 */
async function holdExchanges(tx: Tx, lines: ReturnedLine[]): Promise<void> {
  const wanted = lines.flatMap((line, index) =>
    line.exchangeSize === null
      ? []
      : [{ index, productId: line.productId, size: line.exchangeSize, count: line.count }],
  );
  const stock = await catalog.stockLines(tx, wanted);
  for (const hold of wanted) {
    const field = `lines.${hold.index}.exchangeSize`;
    const line = stock.find((row) => row.productId === hold.productId && row.size === hold.size);
    if (!line) throw AppError.invalid(field, `is not a size of this product: size ${sizeKey(hold.size)}`);
  }
  for (const hold of catalog.inLockOrder(wanted)) {
    if (!(await catalog.reserveUnits(tx, hold.productId, hold.size, hold.count))) {
      const reason = `has not ${hold.count === 1 ? 'a pair' : `${hold.count} pairs`} left in size ${sizeKey(hold.size)}`;
      throw new AppError('OUT_OF_STOCK', `The size to exchange for ${reason}`, {
        [`lines.${hold.index}.exchangeSize`]: reason,
      });
    }
  }
}

/** The exchange lines' held sizes, in the catalogue's lock order. */
export function heldUnits(lines: repository.ReturnLineRow[]) {
  return catalog.inLockOrder(
    lines.flatMap((line) =>
      line.exchangeSize === null
        ? []
        : [{ productId: line.productId, size: line.exchangeSize, count: line.count }],
    ),
  );
}

/** Gives the held units of an open return's exchange lines back to sale. */
async function releaseHolds(tx: Tx, publish: Publish, lines: repository.ReturnLineRow[]): Promise<void> {
  const held = heldUnits(lines);
  for (const hold of held) await catalog.releaseUnits(tx, hold.productId, hold.size, hold.count);
  if (held.length > 0) {
    await publish({
      type: 'units.returned',
      lines: held.map((hold) => ({ productId: hold.productId, size: hold.size })),
    });
  }
}

/**
 * `POST /api/orders/:id/returns`: the buyer sends back units of a shipped order within the return window,
 * each for a refund or another size. The order row is locked while it is checked (two returns of one line
 * at once: one wins), and the new sizes are held in the same transaction.
 */
export async function openReturn(
  deps: ReturnDeps,
  orderId: string,
  buyer: CurrentUser,
  body: ReturnBody,
): Promise<OrderReturn> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const order = await orders.lockOrderForReturn(tx, orderId);
    const shipments = (await fulfilment.shipmentsOf(tx, [orderId])).get(orderId) ?? [];
    checkReturnable(order, buyer, shipments, deps.returnDays);
    if (body.refundTo === 'credit' && !deps.toCredit)
      throw AppError.invalid(
        'refundTo',
        'must be original: this shop refunds returns to how the order was paid',
      );
    const counting = await repository.findCountingReturns(tx, orderId);
    const lines = body.lines.map((_, index) => checkLine(order, shipments, counting, body, index));
    await holdExchanges(tx, lines);
    const row = await repository.insertReturn(tx, {
      orderId,
      userId: buyer.id,
      reason: lines[0]?.reason ?? lineReason(body, {}),
      refundTo: body.refundTo ?? 'original',
      comment: body.comment ?? '',
      lines,
    });
    const wire = toReturnWire(row);
    await publish({
      type: 'return.requested',
      returnId: row.id,
      orderId,
      actorId: null,
      before: null,
      after: { number: wire.number, state: 'requested' },
    });
    const held = heldUnits(row.lines);
    if (held.length > 0) {
      await publish({
        type: 'units.reserved',
        lines: held.map((hold) => ({ productId: hold.productId, size: hold.size })),
      });
    }
    await tellBuyer(deps, tx, { row, ret: wire }, 'opened', (to) =>
      returnOpenedEmail(to, wire, order.number, slipUrl(deps, row.id)),
    );
    return wire;
  });
}

/** A return that exists, read again in `tx` with its order locked first (every return change's lock order). */
async function lockedReturn(
  tx: Tx,
  id: string,
): Promise<repository.ReturnWithLines & { orderNumber: number }> {
  const found = await repository.findReturn(tx, id);
  if (!found) throw AppError.notFound('Return');
  const order = await orders.lockOrderForReturn(tx, found.orderId);
  const row = await repository.lockReturn(tx, id);
  if (!row || !order) throw AppError.notFound('Return');
  return { ...row, orderNumber: order.number };
}

/** `POST /api/returns/:id/cancel`: the buyer withdraws their open return; its held units go back on sale. */
export async function cancelReturn(deps: ReturnDeps, id: string, buyer: CurrentUser): Promise<OrderReturn> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await lockedReturn(tx, id);
    if (row.userId !== buyer.id) throw AppError.notFound('Return');
    if (!OPEN_STATES.includes(row.state) || receiptInProgress(row))
      throw stateConflict(row.state, 'cancelled');
    await repository.moveReturn(tx, id, OPEN_STATES, 'cancelled');
    await releaseHolds(tx, publish, row.lines);
    await publish({
      type: 'return.cancelled',
      returnId: id,
      orderId: row.orderId,
      actorId: null,
      before: { number: `R-${row.number}`, state: row.state },
      after: { number: `R-${row.number}`, state: 'cancelled' },
    });
    return toReturnWire({ ...row, state: 'cancelled' });
  });
}

/** A receipt holds the return (its refund may be on its way): nobody rejects or cancels it meanwhile. */
function receiptInProgress(row: repository.ReturnRow): boolean {
  return row.claimedUntil !== null && row.claimedUntil.getTime() > Date.now();
}

/** `POST /api/returns/:id/approve` (staff): requested → approved; the buyer may send the parcel. */
export async function approveReturn(deps: ReturnDeps, id: string, staff: CurrentUser): Promise<OrderReturn> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await lockedReturn(tx, id);
    if (row.state !== 'requested') throw stateConflict(row.state, 'approved');
    await repository.moveReturn(tx, id, ['requested'], 'approved', { by: staff.id });
    const wire = toReturnWire({ ...row, state: 'approved' });
    await publish({
      type: 'return.approved',
      returnId: id,
      orderId: row.orderId,
      actorId: staff.id,
      before: { number: wire.number, orderNumber: row.orderNumber, state: 'requested' },
      after: { number: wire.number, orderNumber: row.orderNumber, state: 'approved' },
    });
    await tellBuyer(deps, tx, { row, ret: wire }, 'approved', (to) =>
      returnApprovedEmail(to, wire, slipUrl(deps, id)),
    );
    return wire;
  });
}

/** `POST /api/returns/:id/reject` (staff): an open return is refused with a message; held units go back. */
export async function rejectReturn(
  deps: ReturnDeps,
  id: string,
  staff: CurrentUser,
  message: string,
): Promise<OrderReturn> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await lockedReturn(tx, id);
    if (!OPEN_STATES.includes(row.state) || receiptInProgress(row))
      throw stateConflict(row.state, 'rejected');
    await repository.moveReturn(tx, id, OPEN_STATES, 'rejected', { by: staff.id, message });
    await releaseHolds(tx, publish, row.lines);
    const wire = toReturnWire({ ...row, state: 'rejected', staffMessage: message });
    await publish({
      type: 'return.rejected',
      returnId: id,
      orderId: row.orderId,
      actorId: staff.id,
      before: { number: wire.number, orderNumber: row.orderNumber, state: row.state },
      after: { number: wire.number, orderNumber: row.orderNumber, state: 'rejected', message },
    });
    await tellBuyer(deps, tx, { row, ret: wire }, 'rejected', (to) =>
      returnRejectedEmail(to, wire, accountUrl(deps)),
    );
    return wire;
  });
}

/** A return its buyer or staff may see; anyone else is told it does not exist. */
async function visibleReturn(
  db: DbOrTx,
  id: string,
  viewer: CurrentUser,
): Promise<repository.ReturnWithLines> {
  const row = await repository.findReturn(db, id);
  const staff = ['orders.read', 'returns.decide', 'returns.receive'] as const;
  if (!row || (row.userId !== viewer.id && !staff.some((permission) => can(viewer, permission))))
    throw AppError.notFound('Return');
  return row;
}

/** `GET /api/returns` (staff): newest first, optionally in one state, with their order's number and buyer. */
export async function listReturns(db: DbOrTx, query: ReturnsQuery): Promise<{ returns: StaffReturn[] }> {
  const rows = await repository.listReturns(db, {
    state: query.state,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const [ofOrders, buyers] = await Promise.all([
    orders.orderNumbersAndCurrenciesOf(db, [...new Set(rows.map((row) => row.orderId))]),
    users.summariesOf(db, [...new Set(rows.map((row) => row.userId))]),
  ]);
  const wires = await returnsWithRefunds(db, rows);
  return {
    returns: rows.map((row, index) => {
      const buyer = buyers.get(row.userId);
      return {
        ...(wires[index] ?? toReturnWire(row)),
        orderNumber: ofOrders.get(row.orderId)?.number ?? 0,
        currency: ofOrders.get(row.orderId)?.currency ?? '',
        buyer: { _id: row.userId, username: buyer?.username ?? '', email: buyer?.email ?? '' },
      };
    }),
  };
}

/** `GET /api/returns/:id/slip`: the printable return slip, for the return's buyer or staff. */
export async function returnSlip(deps: ReturnDeps, id: string, viewer: CurrentUser): Promise<DocumentPage> {
  const row = await visibleReturn(deps.db, id, viewer);
  const order = await orders.orderForReturn(deps.db, row.orderId);
  if (!order) throw AppError.notFound('Return');
  return returnSlipPage({
    ret: toReturnWire(row),
    orderNumber: order.number,
    shipTo: orders.shipToWire(order.shipTo),
    shop: deps.shop,
  });
}
