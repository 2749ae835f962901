import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { order, orderItem, type ShipTo } from '../../db/schema/orders';

export type OrderRow = typeof order.$inferSelect;
export type OrderItemRow = typeof orderItem.$inferSelect;
export type OrderState = 'pending' | 'aprobed' | 'cancelled';

/** A line to write, with its frozen tax (none collected when absent). */
type NewOrderItem = Omit<OrderItemRow, 'orderId' | 'position' | 'taxCategory' | 'taxRatePcm' | 'taxCents'> &
  Partial<Pick<OrderItemRow, 'taxCategory' | 'taxRatePcm' | 'taxCents'>>;

export interface NewOrder {
  userId: string;
  /** A registered payment provider's id. */
  provider: string;
  currency: string;
  reservedUntil: Date;
  /** Each line as bought, with its frozen tax (none collected when absent). */
  items: NewOrderItem[];
  /** The method it travels by, as it was charged, and the address it goes to. */
  shipping: { methodId: string; name: string; cents: number };
  shipTo: ShipTo;
  /** The lines less the discount, plus shipping, as the pricing function made it. */
  totalCents: number;
  /** The discount code's cents off the lines and its code, and the store credit paying part of the total. */
  discountCents?: number;
  promotionCode?: string | null;
  creditUsedCents?: number;
  /** The order's frozen tax (decision 34); none collected when absent. */
  tax?: Pick<
    OrderRow,
    | 'taxCents'
    | 'pricesIncludeTax'
    | 'taxCollected'
    | 'taxReason'
    | 'taxJurisdiction'
    | 'taxSource'
    | 'shippingTaxRatePcm'
    | 'shippingTaxCents'
  >;
}

export async function insertOrder(db: DbOrTx, input: NewOrder): Promise<OrderRow> {
  const [row] = await db
    .insert(order)
    .values({
      userId: input.userId,
      provider: input.provider,
      currency: input.currency,
      totalCents: input.totalCents,
      discountCents: input.discountCents ?? 0,
      promotionCode: input.promotionCode ?? null,
      creditUsedCents: input.creditUsedCents ?? 0,
      shippingMethodId: input.shipping.methodId,
      shippingName: input.shipping.name,
      shippingCents: input.shipping.cents,
      shipTo: input.shipTo,
      reservedUntil: input.reservedUntil,
      ...input.tax,
    })
    .returning();
  if (!row) throw new Error('The order was not created');
  await db
    .insert(orderItem)
    .values(input.items.map((item, position) => ({ ...item, orderId: row.id, position })));
  return row;
}

/** True when any order, in any state, names the shipping method. */
export async function usesShippingMethod(db: DbOrTx, methodId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(order)
    .where(eq(order.shippingMethodId, methodId))
    .limit(1);
  return row !== undefined;
}

/** Records the provider's payment for an order: its reference, and the page where the buyer pays it. */
export async function setPaymentPage(
  db: DbOrTx,
  orderId: string,
  page: { reference: string; url: string },
): Promise<void> {
  await db
    .update(order)
    .set({ providerReference: page.reference, paymentUrl: page.url, updatedAt: sql`now()` })
    .where(eq(order.id, orderId));
}

/**
 * Records a payment page for a pending order that has none; false when the order has one already or is not
 * pending any more (another request stored its page first, or the order was paid or closed meanwhile).
 */
export async function setMissingPaymentPage(
  db: DbOrTx,
  orderId: string,
  page: { reference: string; url: string },
): Promise<boolean> {
  const rows = await db
    .update(order)
    .set({ providerReference: page.reference, paymentUrl: page.url, updatedAt: sql`now()` })
    .where(and(eq(order.id, orderId), eq(order.state, 'pending'), isNull(order.paymentUrl)))
    .returning({ id: order.id });
  return rows.length === 1;
}

/**
 * Moves an order from pending to `to`, only if it is still pending: whoever wins this update performs the
 * transition's side effects; everyone else sees `undefined` and does nothing.
 */
export async function leavePending(
  db: DbOrTx,
  orderId: string,
  to: 'aprobed' | 'cancelled',
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(order)
    .set(
      to === 'aprobed'
        ? { state: to, paidAt: sql`now()`, updatedAt: sql`now()` }
        : { state: to, cancelledAt: sql`now()`, updatedAt: sql`now()` },
    )
    .where(and(eq(order.id, orderId), eq(order.state, 'pending')))
    .returning();
  return row;
}

/** Claims the right to send the confirmation e-mail; true for exactly one caller. */
/** Records that the order's confirmation e-mail is queued (once). */
export async function markConfirmationQueued(db: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await db
    .update(order)
    .set({ confirmationSentAt: sql`now()` })
    .where(and(eq(order.id, orderId), eq(order.state, 'aprobed'), isNull(order.confirmationSentAt)))
    .returning({ id: order.id });
  return rows.length === 1;
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  return row;
}

export async function findOrderByReference(
  db: DbOrTx,
  provider: string,
  reference: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.provider, provider), eq(order.providerReference, reference)));
  return row;
}

export async function findLatestOrderOfUser(
  db: DbOrTx,
  userId: string,
  state?: OrderState,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.userId, userId), state ? eq(order.state, state) : undefined))
    .orderBy(desc(order.createdAt))
    .limit(1);
  return row;
}

export async function findItems(db: DbOrTx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItem)
    .where(inArray(orderItem.orderId, orderIds))
    .orderBy(asc(orderItem.orderId), asc(orderItem.position));
}

export interface OrderListing {
  userId?: string;
  /** Only orders in this state, placed at or after `from` and before `to`, found by a search. */
  filter?: Omit<OrderFilter, 'userId'>;
  sort: { field: 'date' | 'finalAmount' | 'state'; direction: 1 | -1 };
  limit: number;
  offset: number;
}

/** The order's own columns its wire shape shows. */
type WiredColumn = keyof typeof wiredColumns;

/** Those columns, for a select. */
const wiredColumns = {
  id: order.id,
  number: order.number,
  userId: order.userId,
  state: order.state,
  provider: order.provider,
  totalCents: order.totalCents,
  currency: order.currency,
  discountCents: order.discountCents,
  promotionCode: order.promotionCode,
  creditUsedCents: order.creditUsedCents,
  createdAt: order.createdAt,
  refundedAt: order.refundedAt,
  shippingMethodId: order.shippingMethodId,
  shippingName: order.shippingName,
  shippingCents: order.shippingCents,
  shipTo: order.shipTo,
  fulfilment: order.fulfilment,
  replacementOf: order.replacementOf,
  taxCents: order.taxCents,
  pricesIncludeTax: order.pricesIncludeTax,
  taxCollected: order.taxCollected,
  taxReason: order.taxReason,
  taxJurisdiction: order.taxJurisdiction,
  taxSource: order.taxSource,
  shippingTaxRatePcm: order.shippingTaxRatePcm,
  shippingTaxCents: order.shippingTaxCents,
};

/**
 * Those the CSV export writes: all but the refund, method's id, address, original order, and of the tax
 * only its amount, mode and jurisdiction.
 */
const {
  refundedAt: _refundedAt,
  shippingMethodId: _shippingMethodId,
  shipTo: _shipTo,
  replacementOf: _replacementOf,
  taxCollected: _taxCollected,
  taxReason: _taxReason,
  taxSource: _taxSource,
  shippingTaxRatePcm: _shippingTaxRatePcm,
  shippingTaxCents: _shippingTaxCents,
  ...exportedColumns
} = wiredColumns;

/** What an order list shows of an order: its summary and its lines (the service adds its buyer). */
export type ListedOrder = Pick<OrderRow, WiredColumn> & {
  items: Pick<
    OrderItemRow,
    | 'productId'
    | 'name'
    | 'brand'
    | 'genders'
    | 'picture'
    | 'size'
    | 'count'
    | 'unitPriceCents'
    | 'discountCents'
    | 'taxCategory'
    | 'taxRatePcm'
    | 'taxCents'
  >[];
};

/** An order's lines in their order, as JSON, so one query answers a whole page with its lines. */
const itemsJson = sql<ListedOrder['items']>`(
  SELECT coalesce(json_agg(json_build_object(
    'productId', ${orderItem.productId}, 'name', ${orderItem.name}, 'brand', ${orderItem.brand}, 'genders', ${orderItem.genders},
    'picture', ${orderItem.picture}, 'size', ${orderItem.size}, 'count', ${orderItem.count},
    'unitPriceCents', ${orderItem.unitPriceCents}, 'discountCents', ${orderItem.discountCents},
    'taxCategory', ${orderItem.taxCategory}, 'taxRatePcm', ${orderItem.taxRatePcm},
    'taxCents', ${orderItem.taxCents}
  ) ORDER BY ${orderItem.position}), '[]'::json)
  FROM ${orderItem} WHERE ${orderItem.orderId} = ${order.id}
)`;

/** Prepared listings, per database handle and shape: the account area asks for them all the time. */
const listings = new WeakMap<DbOrTx, Map<string, ReturnType<typeof prepareListing>>>();

type Bound = number | ReturnType<typeof sql.placeholder>;

/**
 * One page of orders. The page's order ids are picked first, off an index and nothing else (`page`), and
 * only those orders are joined to their buyers and lines: a deep page (offset 50,000 of the admin's
 * 100,000 orders) skips index entries, where selecting the rows whole would build the lines of every
 * skipped order too (over a second instead of 20 ms on PostgreSQL).
 */
function listingQuery(
  db: DbOrTx,
  sort: OrderListing['sort'],
  where: SQL | undefined,
  bounds: { limit: Bound; offset: Bound },
) {
  const column = { date: order.createdAt, finalAmount: order.totalCents, state: order.state }[sort.field];
  // Newest first within the chosen order, and the id last, so that pages neither overlap nor skip an order.
  // By date, a buyer's page is read straight off the (user, date, id) index, the admin's off (date, id)
  // or (state, date, id).
  const direction = sort.direction === 1 ? asc : desc;
  const ordering: SQL[] =
    sort.field === 'date'
      ? [direction(order.createdAt), direction(order.id)]
      : [direction(column), desc(order.createdAt), desc(order.id)];
  const page = db
    .select({ pageId: order.id })
    .from(order)
    .where(where)
    .orderBy(...ordering)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .as('page');
  return db
    .select({ ...wiredColumns, items: itemsJson })
    .from(page)
    .innerJoin(order, eq(order.id, page.pageId))
    .orderBy(...ordering);
}

function prepareListing(db: DbOrTx, sort: OrderListing['sort'], ofUser: boolean) {
  return listingQuery(db, sort, ofUser ? eq(order.userId, sql.placeholder('userId')) : undefined, {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare(`orders_page_${sort.field}_${sort.direction === 1 ? 'asc' : 'desc'}${ofUser ? '_of_user' : ''}`);
}

/** The orders a filter names: one user's, in one state, placed at or after `from` and before `to`. */
export interface OrderFilter {
  userId?: string;
  state?: OrderState;
  from?: Date;
  to?: Date;
  /** The orders with this number or of these buyers (a search); none when both are empty. */
  search?: { number?: number; userIds: string[] };
}

function searchWhere(search: NonNullable<OrderFilter['search']>): SQL {
  return (
    or(
      search.number === undefined ? undefined : eq(order.number, search.number),
      search.userIds.length > 0 ? inArray(order.userId, search.userIds) : undefined,
    ) ?? sql`false`
  );
}

function filterWhere({ userId, state, from, to, search }: OrderFilter): SQL | undefined {
  return and(
    search ? searchWhere(search) : undefined,
    userId ? eq(order.userId, userId) : undefined,
    state ? eq(order.state, state) : undefined,
    from ? gte(order.createdAt, from) : undefined,
    to ? lt(order.createdAt, to) : undefined,
  );
}

/** A filtered page (the admin's list by state or dates): built on each call, as its shape varies. */
function filteredListing(db: DbOrTx, listing: OrderListing) {
  return listingQuery(db, listing.sort, filterWhere({ userId: listing.userId, ...listing.filter }), {
    limit: listing.limit,
    offset: listing.offset,
  });
}

/**
 * One page of orders with their lines and buyers, in one query. Its SQL is built once per shape (and
 * PostgreSQL parses it once per connection): building it on every call cost over a quarter of the
 * request's CPU time.
 */
export async function listOrders(db: DbOrTx, listing: OrderListing): Promise<ListedOrder[]> {
  const { state, from, to, search } = listing.filter ?? {};
  if (state || from || to || search) return filteredListing(db, listing);
  const key = `${listing.sort.field}:${listing.sort.direction}:${listing.userId ? 'user' : 'all'}`;
  let prepared = listings.get(db);
  if (!prepared) {
    prepared = new Map();
    listings.set(db, prepared);
  }
  let query = prepared.get(key);
  if (!query) {
    query = prepareListing(db, listing.sort, listing.userId !== undefined);
    prepared.set(key, query);
  }
  return query.execute({ userId: listing.userId, limit: listing.limit, offset: listing.offset });
}

/** Where an export stopped: its last order's date as PostgreSQL writes it (to the microsecond) and id. */
export interface OrderCursor {
  createdAt: string;
  id: string;
}

/** An order as the CSV export writes it: its summary, its buyer's id and its lines. */
export type ExportedOrder = Pick<ListedOrder, keyof typeof exportedColumns | 'items'> & {
  cursor: OrderCursor;
};

/**
 * The next `limit` orders of a filter after `after`, oldest first by (date, id): one page of a keyset walk
 * that reads each order once, however many there are, off the (date, id) or (state, date, id) index. Each
 * page is its own short query, so a long export neither holds a transaction nor (on PGlite, with its one
 * connection) keeps other requests waiting for long. Orders placed during the walk come after the cursor
 * and are included; each page shows the orders' states as they are when it is read.
 */
export async function findOrdersAfter(
  db: DbOrTx,
  filter: OrderFilter,
  after: OrderCursor | undefined,
  limit: number,
): Promise<ExportedOrder[]> {
  const rows = await db
    .select({
      ...exportedColumns,
      // The exact timestamp (a JavaScript Date keeps only milliseconds): the next page starts right after it.
      createdAtText: sql<string>`${order.createdAt}::text`,
      items: itemsJson,
    })
    .from(order)
    .where(
      and(
        filterWhere(filter),
        after
          ? sql`(${order.createdAt}, ${order.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(order.createdAt), asc(order.id))
    .limit(limit);
  return rows.map(({ createdAtText, ...row }) => ({
    ...row,
    cursor: { createdAt: createdAtText, id: row.id },
  }));
}

/**
 * The orders placed in [from, to) and paid (a refund later keeps them here), day by day (UTC): what they
 * took (lines and shipping), their shipping, and how many of them are not wholly refunded. A size
 * exchange's replacement (paid by its original) is left out; quiet days too.
 */
export async function paidPerDay(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ day: string; grossCents: number; shippingCents: number; orders: number }[]> {
  return db
    .select({
      day: placedDay,
      grossCents: sql<number>`sum(${order.totalCents})`.mapWith(Number),
      shippingCents: sql<number>`sum(${order.shippingCents})`.mapWith(Number),
      orders: sql<number>`count(*) FILTER (WHERE ${order.refundedAt} IS NULL)`.mapWith(Number),
    })
    .from(order)
    .where(paidIn(from, to))
    .groupBy(placedDay)
    .orderBy(placedDay);
}

/** The day (UTC) an order was placed. No parameters: GROUP BY and ORDER BY repeat it, and PostgreSQL must see it the same. */
const placedDay = sql<string>`to_char(${order.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Orders placed in [from, to), a size exchange's replacement (paid by its original) left out. */
function placedIn(from: Date, to: Date): SQL | undefined {
  return and(isNull(order.replacementOf), gte(order.createdAt, from), lt(order.createdAt, to));
}

/** Paid orders placed in [from, to), a size exchange's replacement left out. */
function paidIn(from: Date, to: Date): SQL | undefined {
  return and(isNotNull(order.paidAt), placedIn(from, to));
}

/** The day each of these orders was placed, of those paid and placed in [from, to). */
export async function findPlacedDays(
  db: DbOrTx,
  orderIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: order.id, day: placedDay })
    .from(order)
    .where(and(inArray(order.id, orderIds), paidIn(from, to)));
  return new Map(rows.map((row) => [row.id, row.day]));
}

export interface BestSeller {
  productId: string;
  units: number;
  revenueCents: number;
}

/**
 * The products with the most pairs sold in the paid orders placed in [from, to), then by what was paid for
 * them (their lines less the discount code's share), the first `limit` and those named in `also`.
 */
export async function findBestSellers(
  db: DbOrTx,
  from: Date,
  to: Date,
  { limit, also }: { limit: number; also: string[] },
): Promise<BestSeller[]> {
  const units = sql<number>`sum(${orderItem.count})`.mapWith(Number);
  const revenueCents =
    sql<number>`sum(${orderItem.count}::bigint * ${orderItem.unitPriceCents} - ${orderItem.discountCents})`.mapWith(
      Number,
    );
  const best = (where: SQL | undefined, most?: number) => {
    const query = db
      .select({ productId: orderItem.productId, units, revenueCents })
      .from(orderItem)
      .innerJoin(order, eq(order.id, orderItem.orderId))
      .where(and(soldIn(from, to), where))
      .groupBy(orderItem.productId)
      .orderBy(desc(units), desc(revenueCents), asc(orderItem.productId));
    return most === undefined ? query : query.limit(most);
  };
  const [top, named] = await Promise.all([
    best(undefined, limit),
    also.length > 0 ? best(inArray(orderItem.productId, also)) : [],
  ]);
  const seen = new Set(top.map((row) => row.productId));
  return [...top, ...named.filter((row) => !seen.has(row.productId))];
}

/** The lines of these orders that are still sales (paid, placed in [from, to), not wholly refunded). */
export async function findSoldItems(
  db: DbOrTx,
  orderIds: string[],
  from: Date,
  to: Date,
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select(getTableColumns(orderItem))
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(soldIn(from, to), inArray(orderItem.orderId, orderIds)));
}

/** Paid orders placed in [from, to) that are still sales: not wholly refunded, not an exchange's replacement. */
function soldIn(from: Date, to: Date): SQL | undefined {
  return and(eq(order.state, 'aprobed'), placedIn(from, to));
}

/** Pairs of these products sold in [from, to), per product (the return rate's denominator). */
export async function countUnitsSold(
  db: DbOrTx,
  productIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItem.productId, units: sql<number>`sum(${orderItem.count})`.mapWith(Number) })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(soldIn(from, to), inArray(orderItem.productId, productIds)))
    .groupBy(orderItem.productId);
  return new Map(rows.map((row) => [row.productId, row.units]));
}

/** Pairs sold in [from, to), per product and size (the owner's size table). */
export async function countUnitsSoldPerSize(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ productId: string; size: number; units: number }[]> {
  return db
    .select({
      productId: orderItem.productId,
      size: orderItem.size,
      units: sql<number>`sum(${orderItem.count})`.mapWith(Number),
    })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(soldIn(from, to))
    .groupBy(orderItem.productId, orderItem.size);
}

export interface BoughtProduct {
  productId: string;
  /** As the latest approved order holding it recorded them at purchase. */
  name: string;
  brand: string;
  picture: string;
  /** When that order was placed. */
  boughtAt: Date;
}

/** One row per product in the user's approved orders, from the latest such order, newest purchase first. */
export async function findBoughtProducts(db: DbOrTx, userId: string): Promise<BoughtProduct[]> {
  const rows = await db
    .selectDistinctOn([orderItem.productId], {
      productId: orderItem.productId,
      name: orderItem.name,
      brand: orderItem.brand,
      picture: orderItem.picture,
      boughtAt: order.createdAt,
    })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(order.userId, userId), eq(order.state, 'aprobed')))
    .orderBy(orderItem.productId, desc(order.createdAt));
  return rows.sort((a, b) => b.boughtAt.getTime() - a.boughtAt.getTime());
}

/** The size of the product in the user's latest approved order that holds it, or null when none does. */
export async function sizeBought(db: DbOrTx, userId: string, productId: string): Promise<number | null> {
  const [row] = await db
    .select({ size: orderItem.size })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(order.userId, userId), eq(order.state, 'aprobed'), eq(orderItem.productId, productId)))
    .orderBy(desc(order.createdAt))
    .limit(1);
  return row?.size ?? null;
}

/**
 * Claims up to `limit` pending orders whose reservation ran out before `now`, oldest first, for one sweeper:
 * `SKIP LOCKED` passes over rows another sweeper is claiming, and the claim moves their expiry to
 * `leaseUntil`, so no other sweep picks them up while this one asks their providers (outside any
 * transaction). A sweeper that dies mid-way leaves them due again once the lease runs out.
 */
export async function claimDueReservations(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseUntil: Date,
  orderId?: string,
): Promise<OrderRow[]> {
  const due = db
    .select({ id: order.id })
    .from(order)
    .where(
      and(
        eq(order.state, 'pending'),
        lt(order.reservedUntil, now),
        orderId === undefined ? undefined : eq(order.id, orderId),
      ),
    )
    .orderBy(asc(order.reservedUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(order)
    .set({ reservedUntil: leaseUntil })
    .where(and(inArray(order.id, due), eq(order.state, 'pending')))
    .returning();
}

/**
 * Serialises order creation per user until the transaction ends, so two checkouts of one account cannot
 * both count its pending orders before either has added its own.
 */
export async function lockOrdersOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pending-orders:${userId}`}))`);
}

/** How many pending orders a user has, and how many units they hold. */
export async function pendingHoldings(
  db: DbOrTx,
  userId: string,
): Promise<{ orders: number; units: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(DISTINCT ${order.id})`.mapWith(Number),
      units: sql<number>`coalesce(sum(${orderItem.count}), 0)`.mapWith(Number),
    })
    .from(order)
    .innerJoin(orderItem, eq(orderItem.orderId, order.id))
    .where(and(eq(order.userId, userId), eq(order.state, 'pending')));
  return row ?? { orders: 0, units: 0 };
}

/** Pairs of these products the user holds in pending or paid orders, by product (a drop's per-person limit). */
export async function unitsHeldBy(
  db: DbOrTx,
  userId: string,
  productIds: string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: orderItem.productId,
      units: sql<number>`sum(${orderItem.count})`.mapWith(Number),
    })
    .from(order)
    .innerJoin(orderItem, eq(orderItem.orderId, order.id))
    .where(
      and(
        eq(order.userId, userId),
        inArray(order.state, ['pending', 'aprobed']),
        inArray(orderItem.productId, productIds),
      ),
    )
    .groupBy(orderItem.productId);
  return new Map(rows.map((row) => [row.productId, row.units]));
}

/** Approved orders whose confirmation e-mail has not gone out (a failed send is retried). */
export async function findUnconfirmedApproved(db: DbOrTx, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(order)
    .where(and(eq(order.state, 'aprobed'), isNull(order.confirmationSentAt)))
    .limit(limit);
}

/** aprobed → cancelled once what was left of it was refunded; undefined when it had already moved. */
export async function markRefunded(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(order)
    .set({ state: 'cancelled', cancelledAt: sql`now()`, refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(order.id, orderId), eq(order.state, 'aprobed'), isNull(order.refundedAt)))
    .returning();
  return row;
}

/**
 * The order's row, locked until the transaction ends: the shipments and the returns of one order are made
 * one after the other, each counting what the ones before it took (docs/decisions/0029).
 */
export async function lockOrder(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(order).where(eq(order.id, orderId)).for('update');
  return row;
}

/** The numbers of these orders, by id. */
export async function findNumbers(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: order.id, number: order.number })
    .from(order)
    .where(inArray(order.id, orderIds));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** These orders' numbers and the currency each was placed in (ISO 4217, upper case), by id. */
export async function findNumbersAndCurrencies(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { number: number; currency: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: order.id, number: order.number, currency: order.currency })
    .from(order)
    .where(inArray(order.id, orderIds));
  return new Map(rows.map((row) => [row.id, { number: row.number, currency: row.currency.toUpperCase() }]));
}

/**
 * A size exchange's replacement: paid at once at no cost (`total_cents` 0), by the original's provider, to
 * the original's address, and waiting to be shipped like any paid order. Its confirmation is the
 * exchange's own e-mail, so the order confirmation is marked as sent.
 */
export async function insertReplacementOrder(
  db: DbOrTx,
  original: OrderRow,
  items: NewOrderItem[],
): Promise<OrderRow> {
  const [row] = await db
    .insert(order)
    .values({
      userId: original.userId,
      state: 'aprobed',
      provider: original.provider,
      currency: original.currency,
      totalCents: 0,
      shippingMethodId: null,
      shippingName: 'Exchange',
      shippingCents: 0,
      shipTo: original.shipTo,
      replacementOf: original.id,
      reservedUntil: sql`now()`,
      paidAt: sql`now()`,
      confirmationSentAt: sql`now()`,
    })
    .returning();
  if (!row) throw new Error('The replacement order was not created');
  await db.insert(orderItem).values(items.map((item, position) => ({ ...item, orderId: row.id, position })));
  return row;
}

/** Records how much of the order left the warehouse (written with the shipment that changed it). */
export async function setFulfilment(
  db: DbOrTx,
  orderId: string,
  fulfilment: 'unfulfilled' | 'partially_shipped' | 'shipped' | 'delivered',
): Promise<void> {
  await db.update(order).set({ fulfilment, updatedAt: sql`now()` }).where(eq(order.id, orderId));
}

/**
 * Paid orders not yet fully shipped, oldest first, one page: read off the partial index
 * `order_to_ship_idx`, whose predicate this condition repeats word for word.
 */
export async function listToShip(db: DbOrTx, limit: number, offset: number): Promise<ListedOrder[]> {
  return listingQuery(
    db,
    { field: 'date', direction: 1 },
    sql`${order.state} = 'aprobed' AND ${order.fulfilment} IN ('unfulfilled', 'partially_shipped')`,
    { limit, offset },
  );
}

/** An order as the tax report reads it: its frozen tax, where it went, and its lines' frozen tax. */
export interface TaxedOrder {
  id: string;
  paidAt: Date | null;
  totalCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
  taxCollected: boolean;
  taxReason: string;
  taxJurisdiction: string;
  shipTo: ShipTo | null;
  shippingCents: number;
  shippingTaxRatePcm: number | null;
  shippingTaxCents: number;
  items: Pick<
    OrderItemRow,
    'position' | 'count' | 'unitPriceCents' | 'discountCents' | 'taxCategory' | 'taxRatePcm' | 'taxCents'
  >[];
}

const taxedColumns = {
  id: order.id,
  paidAt: order.paidAt,
  totalCents: order.totalCents,
  taxCents: order.taxCents,
  pricesIncludeTax: order.pricesIncludeTax,
  taxCollected: order.taxCollected,
  taxReason: order.taxReason,
  taxJurisdiction: order.taxJurisdiction,
  shipTo: order.shipTo,
  shippingCents: order.shippingCents,
  shippingTaxRatePcm: order.shippingTaxRatePcm,
  shippingTaxCents: order.shippingTaxCents,
};

/**
 * The orders paid in [from, to) (by the day they were paid), or these orders (`ids`), with their lines; a
 * size exchange's replacement (paid by its original) is left out.
 */
export async function findTaxedOrders(
  db: DbOrTx,
  which: { from: Date; to: Date } | { ids: string[] },
): Promise<TaxedOrder[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  const rows = await db
    .select(taxedColumns)
    .from(order)
    .where(
      and(
        isNull(order.replacementOf),
        isNotNull(order.paidAt),
        'ids' in which
          ? inArray(order.id, which.ids)
          : and(gte(order.paidAt, which.from), lt(order.paidAt, which.to)),
      ),
    )
    .orderBy(asc(order.paidAt), asc(order.id));
  const items = await findItems(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
}

/**
 * The orders paid in [from, to), per destination as their address names it (country and state as typed):
 * their totals, their tax and how many; a size exchange's replacement left out.
 */
export function sumPaidPerDestination(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ country: string; state: string; totalCents: number; taxCents: number; orders: number }[]> {
  const country = sql<string>`coalesce(${order.shipTo}->>'country', '')`;
  const state = sql<string>`coalesce(${order.shipTo}->>'state', '')`;
  return db
    .select({
      country,
      state,
      totalCents: sql<number>`sum(${order.totalCents})`.mapWith(Number),
      taxCents: sql<number>`sum(${order.taxCents})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(order)
    .where(
      and(
        isNull(order.replacementOf),
        isNotNull(order.paidAt),
        gte(order.paidAt, from),
        lt(order.paidAt, to),
      ),
    )
    .groupBy(country, state);
}

/** A line of a paid order with its buyer (the sizes module's pairs kept start from these). */
export interface PaidLine {
  orderId: string;
  position: number;
  userId: string;
  productId: string;
  /** The product's name as the order recorded it. */
  name: string;
  size: number;
  count: number;
}

const paidLineColumns = {
  orderId: orderItem.orderId,
  position: orderItem.position,
  userId: order.userId,
  productId: orderItem.productId,
  name: orderItem.name,
  size: orderItem.size,
  count: orderItem.count,
};

/**
 * The lines of the paid orders (an exchange's replacement too: the size the buyer got instead) of the
 * first `buyers` buyers whose ids sort after `after`, ordered by buyer: one page of every buyer's lines.
 */
export async function findPaidLinesOfBuyers(
  db: DbOrTx,
  after: string | null,
  buyers: number,
): Promise<PaidLine[]> {
  const paid = eq(order.state, 'aprobed');
  const chosen = db
    .selectDistinct({ userId: order.userId })
    .from(order)
    .where(and(paid, after === null ? undefined : gt(order.userId, after)))
    .orderBy(asc(order.userId))
    .limit(buyers);
  return db
    .select(paidLineColumns)
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(paid, inArray(order.userId, chosen)))
    .orderBy(asc(order.userId), asc(orderItem.orderId), asc(orderItem.position));
}

/** The lines of one buyer's paid orders (an exchange's replacement too). */
export async function findPaidLinesOfBuyer(db: DbOrTx, userId: string): Promise<PaidLine[]> {
  return db
    .select(paidLineColumns)
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(order.state, 'aprobed'), eq(order.userId, userId)));
}

/** Pairs of a product in paid orders, an exchange's replacement left out (it sells nothing new). */
export async function countPairsBought(db: DbOrTx, productId: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItem.count}), 0)`.mapWith(Number) })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(order.state, 'aprobed'), isNull(order.replacementOf), eq(orderItem.productId, productId)));
  return row?.units ?? 0;
}

/**
 * What holds a buyer's erasure (issue 40): how many of their orders are still open (waiting for payment,
 * or paid and neither delivered nor refunded), the newest open one's number, and when they last ordered.
 */
export async function findOpenOrdersOf(
  db: DbOrTx,
  userId: string,
): Promise<{ open: number; openNumber: number | null; lastOrderAt: Date | null }> {
  const isOpen = sql`(${order.state} = 'pending' OR (${order.state} = 'aprobed' AND ${order.fulfilment} <> 'delivered' AND ${order.refundedAt} IS NULL))`;
  const [row] = await db
    .select({
      open: sql<number>`count(*) FILTER (WHERE ${isOpen})::int`,
      openNumber: sql<number | null>`max(${order.number}) FILTER (WHERE ${isOpen})`,
      lastOrderAt: sql<Date | null>`max(${order.createdAt})`,
    })
    .from(order)
    .where(eq(order.userId, userId));
  return {
    open: row?.open ?? 0,
    openNumber: row?.openNumber ?? null,
    lastOrderAt: row?.lastOrderAt ? new Date(row.lastOrderAt) : null,
  };
}

/**
 * Erases the buyer from their orders, which stay as accounting records: each order's ship-to keeps only the
 * country and state it was supplied to (tax is owed there); names, street, city, postal code and phone go.
 * Answers the ids of the orders and the values that named the person (names, street, phone), for the scrub
 * of copies elsewhere.
 */
export async function eraseBuyer(
  db: DbOrTx,
  userId: string,
): Promise<{ orderIds: string[]; values: string[] }> {
  const rows = await db
    .select({ id: order.id, shipTo: order.shipTo })
    .from(order)
    .where(eq(order.userId, userId));
  const values = rows
    .flatMap(({ shipTo }) => (shipTo ? [shipTo.fullName, shipTo.address, shipTo.name, shipTo.phone] : []))
    .filter((value): value is string => Boolean(value));
  await db
    .update(order)
    .set({
      shipTo: sql`CASE WHEN ${order.shipTo} IS NULL THEN NULL ELSE jsonb_build_object(
        'fullName', '', 'address', '', 'city', '', 'postalCode', '', 'name', '', 'phone', '',
        'country', coalesce(${order.shipTo}->>'country', ''), 'state', coalesce(${order.shipTo}->>'state', '')) END`,
    })
    .where(eq(order.userId, userId));
  return { orderIds: rows.map(({ id }) => id), values };
}

/** Of these people, those who bought before `before`: a paid order (refunded or not) placed earlier. */
export async function findCustomersAmong(db: DbOrTx, userIds: string[], before: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: order.userId })
    .from(order)
    .where(and(inArray(order.userId, userIds), isNotNull(order.paidAt), lt(order.createdAt, before)));
  return new Set(rows.map((row) => row.userId));
}

/** A paid order's buyer, number and total: what a recovered checkout records of it. */
export async function findPaidSummary(
  db: DbOrTx,
  orderId: string,
): Promise<{ userId: string; number: number; totalCents: number } | undefined> {
  const [row] = await db
    .select({ userId: order.userId, number: order.number, totalCents: order.totalCents })
    .from(order)
    .where(eq(order.id, orderId));
  return row;
}

/** These orders' numbers and totals in cents, by id. */
export async function findNumbersAndTotals(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { number: number; totalCents: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: order.id, number: order.number, totalCents: order.totalCents })
    .from(order)
    .where(inArray(order.id, orderIds));
  return new Map(rows.map((row) => [row.id, { number: row.number, totalCents: row.totalCents }]));
}
