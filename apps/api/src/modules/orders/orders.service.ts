import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type FulfilmentState,
  fromCents,
  type Order,
  type OrderReturn,
  type OrderState,
  type OrdersSort,
  type Shipment,
  sizeKey,
  splitRefund,
} from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents, Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { type CsvValue, csvStream } from '../../lib/csv';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog/catalog.service';
import * as credit from '../credit/credit.service';
import * as fulfilment from '../fulfilment/shipments.service';
import type { Mailer, MailMessage } from '../mail';
import { orderCancelledEmail, orderConfirmationEmail, orderRefundEmail } from '../mail';
import {
  type Gateways,
  gatewayFor,
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
  paymentNotStarted,
  refundedTo,
} from '../payments';
import * as returnViews from '../returns/return-views.service';
import * as users from '../users/users.service';
import * as repository from './orders.repository';

/** What the order rules need from the app. */
export interface OrderDeps {
  db: Db;
  gateways: Gateways;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Where cancellations and refunds are published (the audit trail and the back-in-stock alerts listen). */
  events: DomainEvents;
}

type Customer = { id: string; username: string; email: string; image: string };

/** The buyers of these orders, as the users module shows them. */
async function customersOf(db: DbOrTx, rows: { userId: string }[]): Promise<Map<string, Customer>> {
  return users.summariesOf(
    db,
    rows.map((row) => row.userId),
  );
}

function customerOf(customers: Map<string, Customer>, userId: string): Customer {
  const customer = customers.get(userId);
  if (!customer) throw new Error(`No customer ${userId}`);
  return customer;
}

/** What happened to an order after its payment: its parcels and its returns. */
interface AfterSale {
  shipments: Shipment[];
  returns: OrderReturn[];
}

const NOTHING_AFTER_SALE: AfterSale = { shipments: [], returns: [] };

/**
 * The shipments and returns of these orders, asked of the fulfilment and returns modules. One query after
 * the other: `db` may be a transaction, whose one connection runs one query at a time.
 */
async function afterSaleOf(db: DbOrTx, orderIds: string[]): Promise<(orderId: string) => AfterSale> {
  const shipments = await fulfilment.shipmentsOf(db, orderIds);
  const returns = await returnViews.returnsOf(db, orderIds);
  return (orderId) => ({ shipments: shipments.get(orderId) ?? [], returns: returns.get(orderId) ?? [] });
}

/** Database rows to the spec's order shape; the one place order money leaves cents. */
export function toOrderWire(
  row: Omit<repository.ListedOrder, 'items' | 'userId'>,
  items: repository.ListedOrder['items'],
  customer: Customer,
  afterSale: AfterSale = NOTHING_AFTER_SALE,
): Order {
  return {
    _id: row.id,
    number: row.number,
    user: { _id: customer.id, username: customer.username, email: customer.email, image: customer.image },
    date: row.createdAt.toISOString(),
    state: row.state as Order['state'],
    provider: row.provider,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    refundedAmount: fromCents(row.refundedCents),
    finalAmount: fromCents(row.totalCents),
    code: row.promotionCode,
    discount: fromCents(row.discountCents),
    creditUsed: fromCents(row.creditUsedCents),
    products: items.map((item) => ({
      id: item.productId,
      name: item.name,
      brand: item.brand,
      card_picture: item.picture,
      img: item.picture,
      size: String(item.size),
      count: item.count,
      price: fromCents(item.unitPriceCents),
      totalPrice: fromCents(item.unitPriceCents * item.count),
      discount: fromCents(item.discountCents),
    })),
    shipping: { methodId: row.shippingMethodId, name: row.shippingName, price: fromCents(row.shippingCents) },
    shipTo: row.shipTo,
    fulfilment: row.fulfilment as FulfilmentState,
    shipments: afterSale.shipments,
    returns: afterSale.returns,
    replacementOf: row.replacementOf,
  };
}

/** One order as the API shows it; its queries one after the other, as `db` may be a transaction. */
async function wire(db: DbOrTx, row: repository.OrderRow): Promise<Order> {
  const items = await repository.findItems(db, [row.id]);
  const customers = await customersOf(db, [row]);
  const afterSale = await afterSaleOf(db, [row.id]);
  return toOrderWire(row, items, customerOf(customers, row.userId), afterSale(row.id));
}

/** An order its buyer or an admin may see; anyone else is told it does not exist. */
export async function visibleOrder(
  db: DbOrTx,
  orderId: string,
  viewer: CurrentUser,
): Promise<repository.OrderRow> {
  const row = await repository.findOrder(db, orderId);
  if (!row || (row.userId !== viewer.id && viewer.role !== 'admin')) throw AppError.notFound('Order');
  return row;
}

export async function getOrder(db: DbOrTx, orderId: string, viewer: CurrentUser): Promise<Order> {
  return wire(db, await visibleOrder(db, orderId, viewer));
}

/** An order as its buyer and staff see it, read through `db` (a transaction sees its own changes). */
export async function orderById(db: DbOrTx, orderId: string): Promise<Order | undefined> {
  const row = await repository.findOrder(db, orderId);
  return row ? wire(db, row) : undefined;
}

/** An order's row and lines, the row locked until `tx` ends (shipments are made one at a time per order). */
export interface LockedOrder {
  id: string;
  userId: string;
  state: OrderState;
  fulfilment: FulfilmentState;
  items: { position: number; productId: string; size: number; count: number }[];
}

export async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  const row = await repository.lockOrder(tx, orderId);
  if (!row) return undefined;
  const items = await repository.findItems(tx, [orderId]);
  return {
    id: row.id,
    userId: row.userId,
    state: row.state as OrderState,
    fulfilment: row.fulfilment as FulfilmentState,
    items: items.map(({ position, productId, size, count }) => ({ position, productId, size, count })),
  };
}

/** Records how much of the order left: in the transaction of the shipment or delivery that changed it. */
export const setFulfilment = repository.setFulfilment;

/** Paid orders not yet fully shipped, oldest first, one page (the staff's "To ship" view). */
export async function listToShip(db: DbOrTx, query: { page: number; limit: number }): Promise<Order[]> {
  const rows = await repository.listToShip(db, query.limit, (query.page - 1) * query.limit);
  const [customers, afterSale] = await Promise.all([
    customersOf(db, rows),
    afterSaleOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toOrderWire(row, row.items, customerOf(customers, row.userId), afterSale(row.id)));
}

/** One page of orders, newest first unless `ordersSort` says otherwise: the buyer's own, or any for an admin. */
export async function listOrders(
  db: DbOrTx,
  viewer: CurrentUser,
  query: {
    ordersSort?: OrdersSort;
    _id?: string;
    state?: OrderState;
    from?: string;
    to?: string;
    page: number;
    limit: number;
  },
): Promise<Order[]> {
  if (viewer.role !== 'admin' && query._id && query._id !== viewer.id) {
    throw new AppError('FORBIDDEN', 'You can only see your own orders');
  }
  const userId = viewer.role === 'admin' ? query._id : viewer.id;
  const [field, direction] = (Object.entries(query.ordersSort ?? {})[0] ?? ['date', -1]) as [
    'date' | 'finalAmount' | 'state',
    1 | -1,
  ];
  const rows = await repository.listOrders(db, {
    userId,
    sort: { field, direction },
    filter: filterOf(query),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const [customers, afterSale] = await Promise.all([
    customersOf(db, rows),
    afterSaleOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toOrderWire(row, row.items, customerOf(customers, row.userId), afterSale(row.id)));
}

/** The list's state and date filters as the repository takes them. */
function filterOf(query: { state?: OrderState; from?: string; to?: string }) {
  return {
    state: query.state,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? endOf(query.to) : undefined,
  };
}

/** Orders the export reads per query. */
const EXPORT_BATCH = 1_000;

/**
 * The columns of the orders export: one row per order line, the order's own columns repeated on each;
 * `order_total` is the lines less `order_discount` (the discount code's, `line_discount` of it on each
 * line) plus the `shipping` charged by `shipping_method`; `credit_used` of it was paid with store credit.
 */
export const ORDER_EXPORT_HEADER = [
  'order_id',
  'date',
  'state',
  'provider',
  'customer_username',
  'customer_email',
  'product_id',
  'product_name',
  'brand',
  'size',
  'count',
  'unit_price',
  'line_total',
  'order_total',
  'fulfilment',
  'shipped_at',
  'carrier',
  'tracking',
  'shipping_method',
  'shipping',
  'line_discount',
  'discount_code',
  'order_discount',
  'credit_used',
] as const;

/** Money in the export: dollars with two decimals, as an accountant's spreadsheet reads them. */
const amount = (cents: number) => fromCents(cents).toFixed(2);

/** An order's shipments in the export: when the first left, and every parcel's carrier and tracking number. */
function shipmentColumns(shipments: Shipment[]): CsvValue[] {
  return [
    shipments[0]?.shippedAt ?? '',
    shipments.map((shipment) => shipment.carrier).join('; '),
    shipments.map((shipment) => shipment.trackingNumber).join('; '),
  ];
}

/** An order's rows in the export: one per line (an order without lines, which checkout never makes, gets one). */
function exportRowsOf(
  row: repository.ExportedOrder,
  customer: Customer,
  shipments: Shipment[],
): CsvValue[][] {
  const head = [
    row.id,
    row.createdAt.toISOString(),
    row.state,
    row.provider,
    customer.username,
    customer.email,
  ];
  const total = amount(row.totalCents);
  const tail = [row.fulfilment, ...shipmentColumns(shipments), row.shippingName, amount(row.shippingCents)];
  const money = [row.promotionCode ?? '', amount(row.discountCents), amount(row.creditUsedCents)];
  if (row.items.length === 0) return [[...head, '', '', '', '', '', '', '', total, ...tail, '', ...money]];
  return row.items.map((item) => [
    ...head,
    item.productId,
    item.name,
    item.brand,
    String(item.size),
    item.count,
    amount(item.unitPriceCents),
    amount(item.unitPriceCents * item.count),
    total,
    ...tail,
    amount(item.discountCents),
    ...money,
  ]);
}

/** Every order of the filter, oldest first, `EXPORT_BATCH` at a time: the rows of one batch per step. */
async function* exportBatches(db: DbOrTx, filter: repository.OrderFilter): AsyncGenerator<CsvValue[][]> {
  let after: repository.OrderCursor | undefined;
  for (;;) {
    const batch = await repository.findOrdersAfter(db, filter, after, EXPORT_BATCH);
    const [customers, shipments] = await Promise.all([
      customersOf(db, batch),
      fulfilment.shipmentsOf(
        db,
        batch.map((row) => row.id),
      ),
    ]);
    yield batch.flatMap((row) =>
      exportRowsOf(row, customerOf(customers, row.userId), shipments.get(row.id) ?? []),
    );
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = last.cursor;
  }
}

/**
 * The admin's CSV of every order matching the list's filters (one user's with `_id`, a state, dates), one
 * row per order line, oldest first; streamed batch by batch in constant memory, however many orders.
 */
export function exportOrders(
  db: DbOrTx,
  query: { _id?: string; state?: OrderState; from?: string; to?: string },
): Promise<Readable> {
  return csvStream(ORDER_EXPORT_HEADER, exportBatches(db, { userId: query._id, ...filterOf(query) }));
}

/** The paid orders of [from, to) day by day, and the products that sold most in them (the Sales view). */
export const paidPerDay = repository.paidPerDay;
export const bestSellers = repository.findBestSellers;
export const unitsSold = repository.countUnitsSold;

/** The end of a `to` filter: a day (YYYY-MM-DD) includes the whole day (UTC); an instant is exclusive. */
function endOf(to: string): Date {
  const end = new Date(to);
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/** Where the buyer lands once the order is paid (the provider sends them, or store credit paid it all). */
export function completedUrl(siteUrl: string, row: Pick<repository.OrderRow, 'id' | 'provider'>): string {
  return `${siteUrl}/order-completed?provider=${row.provider}&order=${row.id}`;
}

/**
 * What the provider is asked for: the order as it was reserved, less the store credit paying part of it,
 * with its discount and credit as their own amounts, and where it sends the buyer back.
 */
export function paymentRequestFor(
  siteUrl: string,
  row: Pick<
    repository.OrderRow,
    | 'id'
    | 'provider'
    | 'currency'
    | 'totalCents'
    | 'discountCents'
    | 'promotionCode'
    | 'creditUsedCents'
    | 'reservedUntil'
    | 'shippingName'
    | 'shippingCents'
  >,
  items: Pick<repository.OrderItemRow, 'name' | 'size' | 'count' | 'unitPriceCents'>[],
  customerEmail: string,
  idempotencyKey: string,
): PaymentRequest {
  return {
    orderId: row.id,
    currency: row.currency,
    customerEmail,
    totalCents: row.totalCents - row.creditUsedCents,
    discount: { code: row.promotionCode, cents: row.discountCents },
    creditCents: row.creditUsedCents,
    lines: items.map((item) => ({
      name: item.name,
      size: sizeKey(item.size),
      count: item.count,
      unitPriceCents: item.unitPriceCents,
    })),
    shipping: { name: row.shippingName, cents: row.shippingCents },
    successUrl: completedUrl(siteUrl, row),
    cancelUrl: `${siteUrl}/order-canceled?provider=${row.provider}&order=${row.id}`,
    expiresAt: row.reservedUntil,
    idempotencyKey,
  };
}

/**
 * A payment page for a pending order that has none: its checkout stopped between reserving the units and
 * storing the provider's page (the instance died). It is made for the order as it was reserved and stored
 * only while the order still has none: of two made at once, one is kept and the other closed at its
 * provider, so whichever the buyer pays is the order's.
 */
async function newPaymentPage(deps: OrderDeps, row: repository.OrderRow, email: string): Promise<string> {
  const gateway = gatewayFor(deps.gateways, row.provider);
  const items = await repository.findItems(deps.db, [row.id]);
  let page: PaymentPage;
  try {
    page = await gateway.createPayment(
      paymentRequestFor(deps.siteUrl, row, items, email, `pay-again-${row.id}-${randomUUID()}`),
    );
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.error({ err: error, orderId: row.id }, 'payment provider failed');
    throw paymentNotStarted(deps.gateways, row.provider);
  }
  const stored = { reference: page.reference, url: page.redirectUrl };
  if (await repository.setMissingPaymentPage(deps.db, row.id, stored)) return page.redirectUrl;
  await gateway
    .cancel(page.reference)
    .catch((error: unknown) =>
      deps.log.error({ err: error, orderId: row.id }, 'could not close a payment page made twice'),
    );
  const current = await repository.findOrder(deps.db, row.id);
  if (current?.state === 'pending' && current.paymentUrl) return current.paymentUrl;
  throw new AppError('CONFLICT', 'This order is no longer waiting for its payment');
}

/**
 * The payment page of the buyer's own pending order, to pay it after all; a new one when none was stored.
 * Nobody else learns the order exists (not even an admin: the page is the buyer's). An order that is paid,
 * cancelled or whose reservation ran out has no page to go back to.
 */
export async function paymentLink(
  deps: OrderDeps,
  orderId: string,
  buyer: CurrentUser,
): Promise<{ url: string }> {
  const row = await repository.findOrder(deps.db, orderId);
  if (!row || row.userId !== buyer.id) throw AppError.notFound('Order');
  if (row.state === 'aprobed') throw new AppError('CONFLICT', 'This order is already paid');
  if (row.state === 'cancelled') {
    throw new AppError('CONFLICT', 'This order was cancelled; add the pairs to your cart to buy them again');
  }
  if (row.reservedUntil.getTime() <= Date.now()) {
    throw new AppError(
      'CONFLICT',
      'The time to pay this order ran out and its pairs go back on sale; add them to your cart to buy them again',
    );
  }
  return { url: row.paymentUrl ?? (await newPaymentPage(deps, row, buyer.email)) };
}

/** The products of the user's approved orders, newest purchase first (the Bought tab). */
export const boughtProducts = repository.findBoughtProducts;
/** True when an approved order of the user holds the product: only buyers review it. */
export const hasBought = repository.hasBought;
/** True when an order names the shipping method: staff deleting it archive it instead. */
export const orderUsesShippingMethod = repository.usesShippingMethod;

/**
 * The order's lines in the catalogue's lock order: releasing or selling them takes the stock rows' locks in
 * the same order as every checkout reserves them, so these transactions cannot deadlock with each other.
 */
async function itemsInLockOrder(tx: DbOrTx, orderId: string) {
  return catalog.inLockOrder(await repository.findItems(tx, [orderId]));
}

/** pending → aprobed: the reserved units become sold. True only for the caller that made the change. */
export async function approvePlacedOrder(tx: DbOrTx, publish: Publish, orderId: string): Promise<boolean> {
  const row = await repository.leavePending(tx, orderId, 'aprobed');
  if (!row) return false;
  for (const item of await itemsInLockOrder(tx, orderId)) {
    await catalog.markUnitsSold(tx, item.productId, item.size, item.count);
  }
  await publish({ type: 'order.paid', orderId });
  return true;
}

/**
 * pending → cancelled: the reserved units go back on sale, and the facts are published (the cancellation,
 * with who made it, and the units that came back). Answers true only to the caller that made the change.
 */
async function cancelIn(tx: Tx, publish: Publish, orderId: string, actorId: string | null): Promise<boolean> {
  const row = await repository.leavePending(tx, orderId, 'cancelled');
  if (!row) return false;
  const items = await itemsInLockOrder(tx, orderId);
  for (const item of items) {
    await catalog.releaseUnits(tx, item.productId, item.size, item.count);
  }
  await publish({
    type: 'order.cancelled',
    orderId,
    actorId,
    before: { state: 'pending' },
    after: { state: 'cancelled' },
  });
  await publish({
    type: 'units.returned',
    lines: items.map((item) => ({ productId: item.productId, size: item.size })),
  });
  return true;
}

/**
 * Queues the confirmation e-mail, keyed by the order: however often this runs (a webhook and the buyer's
 * return at once, the sweep after a crash), one e-mail is queued and the job sends it, with retries. The
 * order records that it is queued only afterwards, so the sweep queues it again if this stopped half-way.
 */
export async function sendConfirmation(deps: OrderDeps, orderId: string): Promise<void> {
  try {
    const row = await repository.findOrder(deps.db, orderId);
    if (row?.state !== 'aprobed' || row.confirmationSentAt) return;
    await deps.mailer.send(
      orderConfirmationEmail(await wire(deps.db, row), `${deps.siteUrl}/account/orders`),
      { queue: 'bulkMail', key: `order-confirmation:${orderId}` },
    );
    await repository.markConfirmationQueued(deps.db, orderId);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'could not queue the order confirmation; the sweep will');
  }
}

/**
 * Queues, in the transaction `tx` that just changed the order, an e-mail telling its buyer what happened
 * (`make` writes it from the order as it now is), keyed by the order and `event`: the change and its
 * e-mail commit together or not at all, and however often this runs the e-mail goes out once. An
 * anonymised buyer (a deleted account) has no address to tell.
 */
async function tellBuyer(
  deps: OrderDeps,
  tx: Tx,
  orderId: string,
  event: 'cancelled' | 'refunded',
  make: (order: Order, accountUrl: string) => MailMessage,
): Promise<void> {
  const row = await repository.findOrder(tx, orderId);
  if (!row) return;
  const order = await wire(tx, row);
  if (order.user.email.endsWith('.invalid')) return;
  await deps.mailer.send(make(order, `${deps.siteUrl}/account/orders`), {
    queue: 'bulkMail',
    key: `order-${event}:${orderId}`,
    tx,
  });
}

export async function approveOrder(deps: OrderDeps, orderId: string): Promise<boolean> {
  const changed = await deps.events.transaction(deps.db, (tx, publish) =>
    approvePlacedOrder(tx, publish, orderId),
  );
  if (changed) await sendConfirmation(deps, orderId);
  return changed;
}

/**
 * Who closed a pending order when its buyer did not: a member of staff (recorded in the audit trail with
 * the change) or the clock (the reservation ran out unpaid). Either way the buyer is told by e-mail. A
 * buyer who cancelled, or whose payment failed or never started, saw it happen and gets no e-mail.
 */
export type ClosedBy = { staffId: string } | 'not-paid-in-time';

export async function cancelOrder(deps: OrderDeps, orderId: string, closedBy?: ClosedBy): Promise<boolean> {
  const staffId = typeof closedBy === 'object' ? closedBy.staffId : undefined;
  const cancelled = await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await cancelIn(tx, publish, orderId, staffId ?? null))) return false;
    if (closedBy) await tellCancelled(deps, tx, orderId, staffId ? 'staff' : 'not-paid-in-time');
    return true;
  });
  return cancelled;
}

function tellCancelled(
  deps: OrderDeps,
  tx: Tx,
  orderId: string,
  reason: 'staff' | 'not-paid-in-time' | 'payment-failed',
) {
  return tellBuyer(deps, tx, orderId, 'cancelled', (order, accountUrl) =>
    orderCancelledEmail(order, reason, accountUrl),
  );
}

/**
 * Asks the provider whether a pending order was paid, and approves it if so; a failed payment cancels it.
 * This is the only way a browser can move an order on: it can ask, never tell.
 */
export async function confirmPayment(deps: OrderDeps, row: repository.OrderRow): Promise<void> {
  if (row.state !== 'pending' || !row.providerReference) return;
  const gateway = gatewayFor(deps.gateways, row.provider);
  const status = await gateway.confirm(row.providerReference, row.id);
  if (status === 'paid') await approveOrder(deps, row.id);
  if (status === 'failed') await cancelOrder(deps, row.id);
}

/** The buyer gave up: close the payment page and return the units, unless the provider says it was paid. */
export async function cancelPending(
  deps: OrderDeps,
  row: repository.OrderRow,
  staffId?: string,
): Promise<void> {
  if (row.state === 'aprobed')
    throw new AppError('CONFLICT', 'This order is paid and cannot be cancelled here');
  if (row.state !== 'pending') return;
  if (row.providerReference) {
    const outcome = await gatewayFor(deps.gateways, row.provider).cancel(row.providerReference);
    if (outcome === 'paid') {
      await approveOrder(deps, row.id);
      return;
    }
  }
  await cancelOrder(deps, row.id, staffId ? { staffId } : undefined);
}

/** Answers the order after asking to move it to `state` (the spec's voucher), as its buyer or an admin. */
export async function requestState(
  deps: OrderDeps,
  orderId: string,
  state: 'aprobed' | 'cancelled',
  viewer: CurrentUser,
): Promise<Order> {
  const row = await visibleOrder(deps.db, orderId, viewer);
  if (state === 'aprobed') await confirmPayment(deps, row);
  else
    await cancelPending(
      deps,
      row,
      viewer.role === 'admin' && row.userId !== viewer.id ? viewer.id : undefined,
    );
  return getOrder(deps.db, orderId, viewer);
}

/** `PUT /api/success-order`: confirms the buyer's latest pending order with its provider. */
export async function confirmLatest(deps: OrderDeps, viewer: CurrentUser): Promise<Order> {
  const pending = await repository.findLatestOrderOfUser(deps.db, viewer.id, 'pending');
  if (pending) await confirmPayment(deps, pending);
  const latest = await repository.findLatestOrderOfUser(deps.db, viewer.id);
  if (!latest) throw AppError.notFound('Order');
  return wire(deps.db, latest);
}

/** `GET /api/paypal/execute-payment`: captures the approved PayPal payment server-side. */
export async function executePayPal(
  deps: OrderDeps,
  reference: string,
  orderId: string | undefined,
  viewer: CurrentUser,
): Promise<Order> {
  const row = await repository.findOrderByReference(deps.db, 'paypal', reference);
  if (!row || (orderId && row.id !== orderId) || (row.userId !== viewer.id && viewer.role !== 'admin')) {
    throw AppError.notFound('Order');
  }
  await confirmPayment(deps, row);
  return getOrder(deps.db, row.id, viewer);
}

/**
 * A verified provider notification, handled once: the event is recorded in the same transaction as the
 * state change, so a replay or a duplicate delivery finds it recorded and changes nothing.
 */
export async function handleNotice(
  deps: OrderDeps,
  provider: string,
  notice: PaymentNotice,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const row = notice.reference
    ? await repository.findOrderByReference(deps.db, provider, notice.reference)
    : undefined;
  if (notice.kind === 'ignored' || !row) {
    const fresh = await repository.recordPaymentEvent(deps.db, {
      provider,
      ...pick(notice),
      orderId: row?.id ?? null,
    });
    return fresh ? 'ignored' : 'duplicate';
  }
  if (notice.kind === 'approved') {
    // PayPal: the buyer approved; capture now (idempotent). If it is not capturable yet, leave the event
    // unrecorded so the provider's retry gets another chance.
    const status = await gatewayFor(deps.gateways, provider).confirm(notice.reference ?? '', row.id);
    if (status !== 'paid') return 'ignored';
  }
  const kind = notice.kind;
  // `approved` comes from the attempt that committed, not from one rolled back and run again.
  const { fresh, approved } = await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await repository.recordPaymentEvent(tx, { provider, ...pick(notice), orderId: row.id })))
      return { fresh: false, approved: false };
    if (kind === 'expired') {
      // The provider closed the payment: its page expired or the payment failed.
      if (await cancelIn(tx, publish, row.id, null)) await tellCancelled(deps, tx, row.id, 'payment-failed');
      return { fresh: true, approved: false };
    }
    return { fresh: true, approved: await approvePlacedOrder(tx, publish, row.id) };
  });
  if (!fresh) return 'duplicate';
  if (approved) await sendConfirmation(deps, row.id);
  return 'handled';
}

function pick(notice: PaymentNotice) {
  return { eventId: notice.eventId, type: notice.type };
}

/** Orders one sweeper claims at a time, and how many of them it closes at once. */
const SWEEP_BATCH = 50;
const SWEEP_PARALLEL = 5;
/** How long a claimed order is left to its sweeper before another may take it over. */
const SWEEP_LEASE_MS = 5 * 60_000;

/** Asks the provider once more and closes one claimed reservation: approved if it was paid after all. */
async function expire(deps: OrderDeps, row: repository.OrderRow): Promise<'expired' | 'approved' | null> {
  const gateway = deps.gateways.gateway(row.provider);
  const outcome =
    row.providerReference && gateway ? await gateway.cancel(row.providerReference) : 'cancelled';
  if (outcome === 'paid') return (await approveOrder(deps, row.id)) ? 'approved' : null;
  return (await cancelOrder(deps, row.id, 'not-paid-in-time')) ? 'expired' : null;
}

/**
 * One order's reservation, when its expiry job comes due: closed like the sweep closes it, unless it was
 * paid, cancelled or taken by the sweep meanwhile. A provider that fails makes the job fail and retry.
 */
export async function expireReservation(deps: OrderDeps, orderId: string): Promise<void> {
  const [row] = await repository.claimDueReservations(
    deps.db,
    new Date(),
    1,
    new Date(Date.now() + SWEEP_LEASE_MS),
    orderId,
  );
  if (row) await expire(deps, row);
}

/**
 * Reservations not paid in time: asks each provider once more (a late payment is approved), otherwise
 * closes the payment page and returns the units. Claims due orders in batches until none is left (several
 * instances may sweep at once: each order is claimed by one), and calls the providers outside any
 * transaction; the state changes are conditional, so a buyer cancelling meanwhile is harmless. Also
 * retries confirmation e-mails that failed.
 */
export async function sweep(
  deps: OrderDeps,
  now = new Date(),
): Promise<{ expired: number; approved: number }> {
  const counts = { expired: 0, approved: 0 };
  for (;;) {
    const batch = await repository.claimDueReservations(
      deps.db,
      now,
      SWEEP_BATCH,
      new Date(Math.max(now.getTime(), Date.now()) + SWEEP_LEASE_MS),
    );
    for (let start = 0; start < batch.length; start += SWEEP_PARALLEL) {
      await Promise.all(
        batch.slice(start, start + SWEEP_PARALLEL).map(async (row) => {
          try {
            const result = await expire(deps, row);
            if (result) counts[result] += 1;
          } catch (error) {
            // The lease runs out and a later sweep tries again.
            deps.log.error({ err: error, orderId: row.id }, 'could not expire the reservation; will retry');
          }
        }),
      );
    }
    if (batch.length < SWEEP_BATCH) break;
  }
  for (const row of await repository.findUnconfirmedApproved(deps.db, 20))
    await sendConfirmation(deps, row.id);
  return counts;
}

/**
 * How many pending orders a user has and how many units they hold, counted under a per-user lock held until
 * `tx` ends: checkout counts in the transaction that creates the order, so two parallel checkouts of one
 * account are counted one after the other and cannot both pass a cap.
 */
export async function lockedPendingHoldings(tx: Tx, userId: string) {
  await repository.lockOrdersOfUser(tx, userId);
  return repository.pendingHoldings(tx, userId);
}

/** Pairs of these products a buyer holds in pending or paid orders: checkout counts them in its transaction. */
export const unitsHeldBy = repository.unitsHeldBy;

/** For checkout, which creates orders inside its own transaction. */
export const createPendingOrder = repository.insertOrder;
export const setPaymentPage = repository.setPaymentPage;

/** How long one refund attempt holds its claim; a crashed attempt's claim runs out after it. */
const REFUND_CLAIM_SECONDS = 120;

/**
 * Staff refund an aprobed order (docs/decisions/0010): it moves to `cancelled` exactly once and its units
 * stay sold (the pairs went out). What store credit paid goes back as credit first, the rest through the
 * provider (docs/decisions/0031). One attempt at a time holds the claim (another gets a 409); the provider
 * call and the credit entry are keyed, so a retry after a crash never refunds twice. A provider failure
 * leaves the order aprobed (502) for another try.
 */
export async function refundOrder(deps: OrderDeps, orderId: string, admin: CurrentUser): Promise<Order> {
  const row = await visibleOrder(deps.db, orderId, admin);
  if (row.refundedAt) throw new AppError('CONFLICT', 'This order was already refunded');
  if (row.state !== 'aprobed')
    throw new AppError('CONFLICT', `Only a paid order can be refunded; it is ${row.state}`);
  const due = row.totalCents - row.refundedCents;
  if (due === 0)
    throw new AppError('CONFLICT', 'Nothing was paid for this order that is not refunded already');
  const split = splitRefund(row, due);
  if (split.providerCents > 0 && !row.providerReference)
    throw new AppError('CONFLICT', 'This order has no payment to refund');
  if (!(await repository.claimRefund(deps.db, orderId, REFUND_CLAIM_SECONDS))) {
    throw new AppError('CONFLICT', 'This order is being refunded or was already refunded');
  }
  try {
    if (split.providerCents > 0 && row.providerReference) {
      await gatewayFor(deps.gateways, row.provider).refund(
        row.providerReference,
        split.providerCents,
        `refund-${row.providerReference}`,
      );
    }
  } catch (error) {
    await repository.releaseRefund(deps.db, orderId);
    if (error instanceof PaymentProviderError) {
      deps.log.error({ err: error, orderId }, 'refund failed');
      throw new AppError(
        'PAYMENT_FAILED',
        'The payment provider could not refund this order; it is still paid',
      );
    }
    throw error;
  }
  const amount = fromCents(due);
  await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await repository.markRefunded(tx, orderId))) return;
    await credit.creditRefund(tx, {
      userId: row.userId,
      orderId,
      orderNumber: row.number,
      cents: split.creditCents,
      key: `refund-credit:${orderId}`,
    });
    await publish({
      type: 'order.refunded',
      orderId,
      actorId: admin.id,
      before: { state: 'aprobed', refunded: false },
      after: { state: 'cancelled', refunded: true, amount, asCredit: fromCents(split.creditCents) },
    });
    await tellBuyer(deps, tx, orderId, 'refunded', (order, accountUrl) =>
      orderRefundEmail(
        order,
        { amount, refundTo: refundedTo(deps.gateways, row.provider), credit: fromCents(split.creditCents) },
        accountUrl,
      ),
    );
  });
  return getOrder(deps.db, orderId, admin);
}
