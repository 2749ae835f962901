import {
  CARRIER_LABELS,
  type CreditNote,
  creditNoteUrl,
  type FulfilmentState,
  fromCents,
  type Order,
  type PackingOrder,
  type Shipment,
  type ShipmentBody,
  type ToShipQuery,
} from '@shop/contracts';
import type { Db, Tx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { DocumentPage } from '../../lib/document-page';
import type { CurrentUser } from '../../plugins/session';
import type { Mailer, MailMessage, OrderReader } from '../mail';
import * as orders from '../orders';
import { creditNoteOf, creditNotesOf, type Gateways, tenderLabel } from '../payments';
import * as shipping from '../shipping';
import * as tax from '../tax';
import { creditNotePage, invoicePage, packingSlipPage } from './documents';
import * as repository from './fulfilment.repository';
import { orderDeliveredEmail, orderShippedEmail } from './fulfilment-emails';
import { toShipment } from './shipments';

/** What the fulfilment rules need from the app (and the order views, to show the orders they ship). */
export interface FulfilmentDeps extends orders.OrderViews {
  db: Db;
  events: DomainEvents;
  mailer: Mailer;
  gateways: Gateways;
  siteUrl: string;
  /** The seller's name and address, on invoices and packing slips. */
  shop: { name: string; address: string[] };
}

type Planned = repository.NewShipment['lines'];

/**
 * The order lines a shipment takes, by position: each asked line (by product and size; the same line
 * asked twice counts once, summed) must be a line of the order, and at most what is left of it. What is
 * left depends on the shipments before (a rival's included), so asking for more is a conflict (409).
 */
function planLines(
  order: orders.LockedOrder,
  shipped: Map<number, number>,
  asked: ShipmentBody['lines'],
): Planned {
  const merged = new Map<string, { index: number; productId: string; size: number; count: number }>();
  asked.forEach((line, index) => {
    const key = `${line.productId}|${Number(line.size)}`;
    const seen = merged.get(key);
    if (seen) seen.count += line.count;
    else merged.set(key, { index, productId: line.productId, size: Number(line.size), count: line.count });
  });
  const planned: Planned = [];
  for (const line of merged.values()) {
    const items = order.items.filter((item) => item.productId === line.productId && item.size === line.size);
    if (items.length === 0) throw AppError.invalid(`lines.${line.index}`, 'is not a line of this order');
    const left = items.reduce((sum, item) => sum + item.count - (shipped.get(item.position) ?? 0), 0);
    if (line.count > left) {
      const field = `lines.${line.index}.count`;
      const reason =
        left === 0 ? 'this line has already shipped' : `must be at most ${left}, the units left to ship`;
      throw new AppError('CONFLICT', `${field} ${reason}`, { [field]: reason });
    }
    let wanted = line.count;
    for (const item of items) {
      const take = Math.min(wanted, item.count - (shipped.get(item.position) ?? 0));
      if (take > 0)
        planned.push({ position: item.position, productId: item.productId, size: item.size, count: take });
      wanted -= take;
    }
  }
  return planned;
}

/**
 * Queues an e-mail to the order's buyer in `tx`, keyed so that it goes out once; an anonymised buyer (a
 * deleted account) has no address to write to.
 */
async function tellBuyer(
  deps: FulfilmentDeps,
  tx: Tx,
  orderId: string,
  key: string,
  make: (order: Order, reader: OrderReader) => MailMessage,
): Promise<void> {
  const order = await orders.orderById(deps, tx, orderId);
  if (!order || order.user.email.endsWith('.invalid')) return;
  await deps.mailer.send(make(order, await orders.readerOf(deps, tx, order)), { queue: 'bulkMail', key, tx });
}

/**
 * Staff ship units of a paid order: one parcel with its carrier and tracking number. The order row is
 * locked while what already left is counted, so of two staff shipping the same line at once, one wins and
 * the other is refused (409). The order's fulfilment, the audit record and the buyer's e-mail commit with it.
 */
export async function shipOrder(
  deps: FulfilmentDeps,
  orderId: string,
  body: ShipmentBody,
  staff: CurrentUser,
): Promise<Shipment> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const order = await orders.lockOrder(tx, orderId);
    if (!order) throw AppError.notFound('Order');
    if (order.state !== 'aprobed') {
      throw new AppError('CONFLICT', `Only a paid order can be shipped; this one is ${order.state}`);
    }
    const shipped = await repository.shippedCounts(tx, orderId);
    const lines = planLines(order, shipped, body.lines);
    const row = await repository.insertShipment(tx, {
      orderId,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      shippedBy: staff.id,
      lines,
    });
    const bought = order.items.reduce((sum, item) => sum + item.count, 0);
    const gone = [...shipped.values(), ...lines.map((line) => line.count)].reduce((a, b) => a + b, 0);
    const fulfilment: FulfilmentState = gone >= bought ? 'shipped' : 'partially_shipped';
    await orders.setFulfilment(tx, orderId, fulfilment);
    const shipment = toShipment({
      ...row,
      lines: lines.map((line) => ({ ...line, shipmentId: row.id, orderId })),
    });
    await publish({
      type: 'order.shipped',
      orderId,
      shipmentId: row.id,
      actorId: staff.id,
      before: { orderNumber: order.number, fulfilment: order.fulfilment },
      after: {
        orderNumber: order.number,
        fulfilment,
        carrier: CARRIER_LABELS[body.carrier],
        trackingNumber: body.trackingNumber,
        units: lines.reduce((sum, line) => sum + line.count, 0),
      },
    });
    await tellBuyer(deps, tx, orderId, `order-shipped:${row.id}`, (wire, reader) =>
      orderShippedEmail(wire, { ...shipment, carrier: CARRIER_LABELS[body.carrier] }, reader),
    );
    return shipment;
  });
}

/**
 * Staff mark a parcel delivered, once (a second time: 409). When every unit has shipped and every parcel
 * has arrived, the order is delivered, and its buyer told.
 */
export async function markDelivered(
  deps: FulfilmentDeps,
  orderId: string,
  shipmentId: string,
  staff: CurrentUser,
): Promise<Shipment> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const order = await orders.lockOrder(tx, orderId);
    if (!order) throw AppError.notFound('Order');
    const row = await repository.markDelivered(tx, orderId, shipmentId);
    if (!row) {
      if (!(await repository.findShipment(tx, orderId, shipmentId))) throw AppError.notFound('Shipment');
      throw new AppError('CONFLICT', 'This shipment was already marked delivered');
    }
    const arrived = order.fulfilment === 'shipped' && (await repository.undeliveredCount(tx, orderId)) === 0;
    const fulfilment: FulfilmentState = arrived ? 'delivered' : order.fulfilment;
    if (arrived) await orders.setFulfilment(tx, orderId, 'delivered');
    await publish({
      type: 'shipment.delivered',
      orderId,
      shipmentId,
      actorId: staff.id,
      before: { orderNumber: order.number, fulfilment: order.fulfilment, delivered: false },
      after: {
        orderNumber: order.number,
        fulfilment,
        delivered: true,
        carrier: CARRIER_LABELS[row.carrier as keyof typeof CARRIER_LABELS],
        trackingNumber: row.trackingNumber,
      },
    });
    if (arrived) {
      await tellBuyer(deps, tx, orderId, `order-delivered:${orderId}`, (wire, reader) =>
        orderDeliveredEmail(wire, reader),
      );
    }
    const [found] = await repository
      .findShipments(tx, [orderId])
      .then((all) => all.filter((shipment) => shipment.id === shipmentId));
    if (!found) throw AppError.notFound('Shipment');
    return toShipment(found);
  });
}

/** The orders with the delivery estimate their shipping method promises, for the packer. */
async function forPacking(deps: FulfilmentDeps, list: Order[]): Promise<PackingOrder[]> {
  const methodIds = list.flatMap((order) => (order.shipping.methodId ? [order.shipping.methodId] : []));
  const estimates = await shipping.estimatesOf(deps.db, methodIds);
  return list.map((order) => ({
    ...order,
    shipping: {
      ...order.shipping,
      estimateDays: order.shipping.methodId ? (estimates.get(order.shipping.methodId) ?? null) : null,
    },
  }));
}

/** The staff's "To ship" view: paid orders not yet fully shipped, oldest first, with their service. */
export async function toShip(deps: FulfilmentDeps, query: ToShipQuery): Promise<PackingOrder[]> {
  return forPacking(deps, await orders.listToShip(deps, deps.db, query));
}

/** Only a paid order (or one refunded after its payment) has an invoice. */
function invoiced(order: Order): Order {
  if (order.state === 'aprobed' || order.refundedAt !== null) return order;
  throw new AppError('CONFLICT', `An invoice is issued once the order is paid; this one is ${order.state}`);
}

/** The order's printable invoice, for its buyer or staff (anyone else is told it does not exist). */
export async function invoice(
  deps: FulfilmentDeps,
  orderId: string,
  viewer: CurrentUser,
): Promise<DocumentPage> {
  const order = invoiced(await orders.getOrder(deps, deps.db, orderId, viewer));
  const seller = await sellerOf(deps, order);
  if (order.replacementOf === null)
    return invoicePage(order, seller, { with: tenderLabel(deps.gateways, order.provider) });
  const numbers = await orders.orderNumbersOf(deps.db, [order.replacementOf]);
  return invoicePage(order, seller, { exchangeOf: numbers.get(order.replacementOf) ?? 0 });
}

/** The seller as a document of the order names it: with its VAT number where the order was taxed. */
async function sellerOf(deps: FulfilmentDeps, order: Order) {
  return order.tax.collected ? { ...deps.shop, vatNumber: await tax.sellerVatNumber(deps.db) } : deps.shop;
}

/**
 * `GET /api/orders/:id/credit-notes`: the order's credit notes, oldest first, one a refund, for its buyer
 * or staff (anyone else is told the order does not exist, as for its invoice).
 */
export async function creditNotes(
  deps: FulfilmentDeps,
  orderId: string,
  viewer: CurrentUser,
): Promise<CreditNote[]> {
  const order = await orders.getOrder(deps, deps.db, orderId, viewer);
  return (await creditNotesOf(deps.db, order._id)).map((note) => ({
    number: note.name,
    amount: fromCents(note.amountCents),
    tax: fromCents(note.taxCents),
    createdAt: note.createdAt.toISOString(),
    url: creditNoteUrl(order._id, note.name),
  }));
}

/** One printable credit note of the order, for its buyer or staff. */
export async function creditNote(
  deps: FulfilmentDeps,
  orderId: string,
  number: number,
  viewer: CurrentUser,
): Promise<DocumentPage> {
  const order = await orders.getOrder(deps, deps.db, orderId, viewer);
  const note = await creditNoteOf(deps.db, order._id, number);
  if (!note) throw AppError.notFound('Credit note');
  return creditNotePage(order, note, await sellerOf(deps, order));
}

/**
 * The order's printable packing slip (staff): the shipping service paid for and what is left to ship,
 * without the lines' prices.
 */
export async function packingSlip(deps: FulfilmentDeps, orderId: string): Promise<DocumentPage> {
  const order = await orders.orderById(deps, deps.db, orderId);
  if (!order) throw AppError.notFound('Order');
  if (order.state !== 'aprobed') {
    throw new AppError('CONFLICT', `Only a paid order is packed; this one is ${order.state}`);
  }
  const [packing] = await forPacking(deps, [order]);
  if (!packing) throw AppError.notFound('Order');
  return packingSlipPage(packing, deps.shop);
}
