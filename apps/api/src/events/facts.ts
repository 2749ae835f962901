/**
 * The facts the modules publish: what happened, in the past tense, with what a subscriber needs to act on
 * it without asking the publisher again. Modules publish; the composition root (wiring.ts) subscribes the
 * audit trail, the back-in-stock alerts and the sessions to them. This file imports no module.
 */

/** The relevant fields of a subject before or after a change; never secrets (password hashes, tokens). */
export type Snapshot = Record<string, unknown> | null;

/** A size of a product, as units of it move. */
export interface SizeOfProduct {
  productId: string;
  size: number;
}

/**
 * A change someone made: `actorId` is the member of staff who made it, or null when the shop's clock, a
 * payment provider or the shopper themself did (the audit trail records staff actions only).
 */
interface Change {
  actorId: string | null;
  before: Snapshot;
  after: Snapshot;
}

type ProductChange = { productId: string } & Change;
type UserChange = { userId: string } & Change;
type OrderChange = { orderId: string } & Change;
/** A return of an order changed state; its order is the audit trail's subject. */
type ReturnChange = { returnId: string; orderId: string } & Change;
type ShippingMethodChange = { shippingMethodId: string } & Change;
type DropChange = { dropId: string } & Change;
type PromotionChange = { promotionId: string } & Change;

/** Every fact by its name, with what it carries. */
interface Facts {
  'product.created': ProductChange;
  'product.updated': ProductChange;
  'product.archived': ProductChange;
  'product.restored': ProductChange;
  'user.updated': UserChange;
  'user.suspended': UserChange;
  'user.reactivated': UserChange;
  'user.promoted': UserChange;
  'user.demoted': UserChange;
  'user.deleted': UserChange;
  /** The buyer paid: the order's reserved units are sold. */
  'order.paid': { orderId: string };
  'order.cancelled': OrderChange;
  'order.refunded': OrderChange;
  /** A buyer opened a return (its exchange lines' new sizes are held), or cancelled it. */
  'return.requested': ReturnChange;
  'return.cancelled': ReturnChange;
  /** Staff approved, rejected or received a return; its receipt refunded some of the payment. */
  'return.approved': ReturnChange;
  'return.rejected': ReturnChange;
  'return.received': ReturnChange;
  'return.refunded': ReturnChange;
  /** Staff sent units of a paid order: one parcel, with its carrier and tracking number. */
  'order.shipped': OrderChange & { shipmentId: string };
  /** Staff marked a parcel delivered (and the order delivered when it was the last one out). */
  'shipment.delivered': OrderChange & { shipmentId: string };
  'shipping.created': ShippingMethodChange;
  'shipping.updated': ShippingMethodChange;
  /** Deleted: no order named it. Archived: orders name it, so it is kept for them but offered no more. */
  'shipping.deleted': ShippingMethodChange;
  'shipping.archived': ShippingMethodChange;
  'drop.created': DropChange;
  'drop.updated': DropChange;
  /** A draw's winners were drawn: by staff ("draw now") or by the shop's clock at the entry's close. */
  'drop.drawn': DropChange;
  /** Staff downloaded a drop's entries (names and e-mail addresses). */
  'drop.exported': DropChange;
  'promotion.created': PromotionChange;
  /** Staff changed a promotion: its terms, or paused, resumed or archived it. */
  'promotion.updated': PromotionChange;
  /** Staff downloaded the promotions' figures. */
  'promotion.exported': PromotionChange;
  /** Staff granted store credit to an account (or took some back): `after` holds the amount and balance. */
  'credit.granted': UserChange;
  /** A review was written or changed: its product's rating follows. */
  'review.written': { reviewId: string; productId: string };
  'review.deleted': { reviewId: string } & Change;
  /** Units of these sizes came back on sale: a cancelled order returned them, or staff restocked. */
  'units.returned': { lines: SizeOfProduct[] };
  /**
   * Staff lowered the price of a product on sale: its favouriters hear of it once (`dropId` names this drop,
   * so the e-mails are queued under it and sent once however often the job runs).
   */
  'price.dropped': { productId: string; dropId: string; fromCents: number; toCents: number };
  /** A checkout reserved units of these sizes for a pending order. */
  'units.reserved': { lines: SizeOfProduct[] };
}

export type FactType = keyof Facts;
export type FactOf<T extends FactType> = T extends FactType ? { type: T } & Facts[T] : never;
export type Fact = { [T in FactType]: FactOf<T> }[FactType];
