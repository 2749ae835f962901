import {
  fromCents,
  type Order,
  type OrderState,
  type OrdersSort,
  type OrderTax,
  type PaymentEntry,
  pcmToPercent,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type CurrentUser, can, missingPermission } from '../../plugins/session';
import * as payments from '../payments';
import * as users from '../users';
import type { AfterSale, OrderViews } from './order-deps';
import * as repository from './orders.repository';

type Customer = { id: string; username: string; email: string; image: string };

/** What an order shows beside its own row: its buyer, its after-sale and its payments ledger. */
interface Around {
  customer: Customer;
  afterSale: AfterSale;
  ledger: { payments: PaymentEntry[]; refundedCents: number };
}

const NO_LEDGER: Around['ledger'] = { payments: [], refundedCents: 0 };

const percentOf = (pcm: number | null) => (pcm === null ? null : pcmToPercent(pcm));

/** The order's frozen tax (decision 34); a line's base is what it was taxed on: its total less its discount. */
function taxWire(
  row: Omit<repository.ListedOrder, 'items' | 'userId'>,
  items: repository.ListedOrder['items'],
): OrderTax {
  return {
    total: fromCents(row.taxCents),
    pricesIncludeTax: row.pricesIncludeTax,
    jurisdiction: row.taxJurisdiction,
    collected: row.taxCollected,
    reason: row.taxReason,
    source: row.taxSource,
    lines: items.map((item) => ({
      productId: item.productId,
      size: sizeKey(item.size),
      category: item.taxCategory,
      rate: percentOf(item.taxRatePcm),
      base: fromCents(item.unitPriceCents * item.count - item.discountCents),
      amount: fromCents(item.taxCents),
    })),
    shipping: {
      rate: percentOf(row.shippingTaxRatePcm),
      base: fromCents(row.shippingCents),
      amount: fromCents(row.shippingTaxCents),
    },
  };
}

/** Database rows to the spec's order shape; the one place order money leaves cents. */
function toOrderWire(
  row: Omit<repository.ListedOrder, 'items' | 'userId'>,
  items: repository.ListedOrder['items'],
  { customer, afterSale, ledger }: Around,
): Order {
  return {
    _id: row.id,
    number: row.number,
    user: { _id: customer.id, username: customer.username, email: customer.email, image: customer.image },
    date: row.createdAt.toISOString(),
    state: row.state,
    provider: row.provider,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    refundedAmount: fromCents(ledger.refundedCents),
    refundedTax: row.refundedAt
      ? fromCents(row.taxCents)
      : fromCents(afterSale.returns.reduce((sum, ret) => sum + toCents(ret.refundedTax), 0)),
    payments: ledger.payments,
    finalAmount: fromCents(row.totalCents),
    currency: row.currency.toUpperCase(),
    tax: taxWire(row, items),
    code: row.promotionCode,
    discount: fromCents(row.discountCents),
    creditUsed: fromCents(row.creditUsedCents),
    products: items.map((item) => ({
      id: item.productId,
      name: item.name,
      brand: item.brand,
      gender: item.genders,
      card_picture: item.picture,
      img: item.picture,
      size: String(item.size),
      count: item.count,
      price: fromCents(item.unitPriceCents),
      totalPrice: fromCents(item.unitPriceCents * item.count),
      discount: fromCents(item.discountCents),
    })),
    shipping: { methodId: row.shippingMethodId, name: row.shippingName, price: fromCents(row.shippingCents) },
    shipTo: shipToWire(row.shipTo),
    fulfilment: row.fulfilment,
    shipments: afterSale.shipments,
    returns: afterSale.returns,
    replacementOf: row.replacementOf,
    replaces: afterSale.replaces,
  };
}

/**
 * What these orders show beside their rows: each order's buyer, after-sale and ledger. Read at once from
 * the pool (`together`), or one query after the other through a transaction, whose one connection runs one
 * query at a time.
 */
async function aroundOf(
  views: OrderViews,
  db: DbOrTx,
  rows: { id: string; userId: string }[],
  together: boolean,
): Promise<(row: { id: string; userId: string }) => Around> {
  const ids = rows.map((row) => row.id);
  const reads = [
    () =>
      users.summariesOf(
        db,
        rows.map((row) => row.userId),
      ),
    () => views.afterSale(db, ids),
    () => payments.ledgersOf(db, ids),
  ] as const;
  const [customers, afterSale, ledgers] = together
    ? await Promise.all([reads[0](), reads[1](), reads[2]()])
    : [await reads[0](), await reads[1](), await reads[2]()];
  return (row) => {
    const customer = customers.get(row.userId);
    if (!customer) throw new Error(`No customer ${row.userId}`);
    return { customer, afterSale: afterSale(row.id), ledger: ledgers.get(row.id) ?? NO_LEDGER };
  };
}

/** Listed orders as the API shows them. */
async function wireAll(views: OrderViews, db: DbOrTx, rows: repository.ListedOrder[]): Promise<Order[]> {
  const around = await aroundOf(views, db, rows, true);
  return rows.map((row) => toOrderWire(row, row.items, around(row)));
}

/** One order as the API shows it, read through `db` (a transaction sees its own changes). */
export async function wire(views: OrderViews, db: DbOrTx, row: repository.OrderRow): Promise<Order> {
  const items = await repository.findItems(db, [row.id]);
  const around = await aroundOf(views, db, [row], false);
  return toOrderWire(row, items, around(row));
}

/** An order its buyer or staff with orders.read may see; anyone else is told it does not exist. */
export async function visibleOrder(
  db: DbOrTx,
  orderId: string,
  viewer: CurrentUser,
): Promise<repository.OrderRow> {
  const row = await repository.findOrder(db, orderId);
  if (!row || (row.userId !== viewer.id && !can(viewer, 'orders.read'))) throw AppError.notFound('Order');
  return row;
}

/** `GET /api/orders/:id`: one order, for its buyer or an admin. */
export async function getOrder(
  views: OrderViews,
  db: DbOrTx,
  orderId: string,
  viewer: CurrentUser,
): Promise<Order> {
  return wire(views, db, await visibleOrder(db, orderId, viewer));
}

/** An order as its buyer and staff see it, read through `db` (a transaction sees its own changes). */
export async function orderById(views: OrderViews, db: DbOrTx, orderId: string): Promise<Order | undefined> {
  const row = await repository.findOrder(db, orderId);
  return row ? wire(views, db, row) : undefined;
}

/** Paid orders not yet fully shipped, oldest first, one page (the staff's "To ship" view). */
export async function listToShip(
  views: OrderViews,
  db: DbOrTx,
  query: { page: number; limit: number },
): Promise<Order[]> {
  return wireAll(views, db, await repository.listToShip(db, query.limit, (query.page - 1) * query.limit));
}

/** The list's filters: one user's orders, a state, dates (a day, or an instant). */
export interface OrdersFilter {
  _id?: string;
  state?: OrderState;
  from?: string;
  to?: string;
}

/** One page of orders, newest first unless `ordersSort` says otherwise: the buyer's own, or any for staff with orders.read. */
export async function listOrders(
  views: OrderViews,
  db: DbOrTx,
  viewer: CurrentUser,
  query: OrdersFilter & { search?: string; ordersSort?: OrdersSort; page: number; limit: number },
): Promise<Order[]> {
  if (!can(viewer, 'orders.read') && query._id && query._id !== viewer.id) {
    throw missingPermission(viewer, 'orders.read', 'You can only see your own orders');
  }
  const userId = can(viewer, 'orders.read') ? query._id : viewer.id;
  const [field, direction] = (Object.entries(query.ordersSort ?? {})[0] ?? ['date', -1]) as [
    'date' | 'finalAmount' | 'state',
    1 | -1,
  ];
  const rows = await repository.listOrders(db, {
    userId,
    sort: { field, direction },
    filter: { ...filterOf(query), search: query.search ? await searchOf(db, query.search) : undefined },
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return wireAll(views, db, rows);
}

/** The most accounts a search of orders by e-mail or name looks through (the newest that match). */
const SEARCH_ACCOUNTS = 500;

/**
 * What a search of the orders finds: the order with that number ("12" or "#12"), and the orders of the
 * accounts whose e-mail or name holds the text.
 */
async function searchOf(db: DbOrTx, search: string): Promise<repository.OrderFilter['search']> {
  const digits = /^#?\s*(\d{1,9})$/.exec(search)?.[1];
  return {
    number: digits === undefined ? undefined : Number(digits),
    userIds: await users.idsMatching(db, search, SEARCH_ACCOUNTS),
  };
}

/** The list's state and date filters as the repository takes them (whose orders is decided apart). */
export function filterOf(query: Omit<OrdersFilter, '_id'>): Omit<repository.OrderFilter, 'userId'> {
  return {
    state: query.state,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? endOf(query.to) : undefined,
  };
}

/** The end of a `to` filter: a day (YYYY-MM-DD) includes the whole day (UTC); an instant is exclusive. */
function endOf(to: string): Date {
  const end = new Date(to);
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/** An order's ship-to address as clients read it: orders placed before the recipient's name and postal code were asked have neither. */
export function shipToWire(shipTo: repository.OrderRow['shipTo']): Order['shipTo'] {
  return shipTo && { ...shipTo, fullName: shipTo.fullName ?? '', postalCode: shipTo.postalCode ?? '' };
}
