import type { AuditKind } from '@shop/contracts';

/**
 * The facts the modules publish: what happened, in the past tense, with what a subscriber needs to act on
 * it without asking the publisher again. Each fact a member of staff can cause declares, beside what it
 * carries, how the audit trail records it (its kind and its subject), so a new staff action is declared
 * here and worded in the contracts, and the audit module does not change. Modules publish; the composition
 * root (wiring.ts) subscribes the audit trail, the back-in-stock alerts and the sessions to them. This file
 * imports no module.
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

/** What the audit trail's entries are about, as the Activity view links them. */
export type AuditSubject = 'product' | 'user' | 'order' | 'review' | 'shipping-method' | 'drop' | 'promotion';

/** How the audit trail records a fact: its kind, its subject, and the field of the fact holding the subject's id. */
export interface AuditOf<Carried> {
  kind: AuditKind;
  subject: AuditSubject;
  id: keyof Carried & string;
}

/** A fact's declaration: what it carries (a type only) and, for a staff action, how it is audited. */
interface Declared<Carried> {
  audit: AuditOf<Carried> | null;
  /** Never set: carries the type of what the fact holds. */
  readonly carries?: Carried;
}

/** A fact that is no staff action: nothing is audited. */
const fact = <Carried>(): Declared<Carried> => ({ audit: null });

/** A fact a member of staff causes: the audit trail records it as `kind`, about the subject `id` names. */
const staffAction = <Carried extends Change>(
  kind: AuditKind,
  subject: AuditSubject,
  id: keyof Carried & string,
): Declared<Carried> => ({ audit: { kind, subject, id } });

/** Every fact by its name: what it carries and how it is audited. */
export const FACTS = {
  'product.created': staffAction<ProductChange>('product.create', 'product', 'productId'),
  'product.updated': staffAction<ProductChange>('product.update', 'product', 'productId'),
  'product.archived': staffAction<ProductChange>('product.archive', 'product', 'productId'),
  'product.restored': staffAction<ProductChange>('product.restore', 'product', 'productId'),
  'user.updated': staffAction<UserChange>('user.update', 'user', 'userId'),
  'user.suspended': staffAction<UserChange>('user.suspend', 'user', 'userId'),
  'user.reactivated': staffAction<UserChange>('user.reactivate', 'user', 'userId'),
  'user.promoted': staffAction<UserChange>('user.promote', 'user', 'userId'),
  'user.demoted': staffAction<UserChange>('user.demote', 'user', 'userId'),
  'user.deleted': staffAction<UserChange>('user.delete', 'user', 'userId'),
  /** The buyer paid: the order's reserved units are sold. */
  'order.paid': fact<{ orderId: string }>(),
  'order.cancelled': staffAction<OrderChange>('order.cancel', 'order', 'orderId'),
  /** Staff refunded what was left of a paid order: `after` holds the amount and the part as credit. */
  'order.refunded': staffAction<OrderChange>('order.refund', 'order', 'orderId'),
  /** A buyer opened a return (its exchange lines' new sizes are held), or cancelled it. */
  'return.requested': fact<ReturnChange>(),
  'return.cancelled': fact<ReturnChange>(),
  /** Staff approved, rejected or received a return; its receipt refunded some of the payment. */
  'return.approved': staffAction<ReturnChange>('return.approve', 'order', 'orderId'),
  'return.rejected': staffAction<ReturnChange>('return.reject', 'order', 'orderId'),
  'return.received': staffAction<ReturnChange>('return.receive', 'order', 'orderId'),
  'return.refunded': staffAction<ReturnChange>('return.refund', 'order', 'orderId'),
  /** Staff sent units of a paid order: one parcel, with its carrier and tracking number. */
  'order.shipped': staffAction<OrderChange & { shipmentId: string }>('order.ship', 'order', 'orderId'),
  /** Staff marked a parcel delivered (and the order delivered when it was the last one out). */
  'shipment.delivered': staffAction<OrderChange & { shipmentId: string }>(
    'order.deliver',
    'order',
    'orderId',
  ),
  'shipping.created': staffAction<ShippingMethodChange>(
    'shipping.create',
    'shipping-method',
    'shippingMethodId',
  ),
  'shipping.updated': staffAction<ShippingMethodChange>(
    'shipping.update',
    'shipping-method',
    'shippingMethodId',
  ),
  /** Deleted: no order named it. Archived: orders name it, so it is kept for them but offered no more. */
  'shipping.deleted': staffAction<ShippingMethodChange>(
    'shipping.delete',
    'shipping-method',
    'shippingMethodId',
  ),
  'shipping.archived': staffAction<ShippingMethodChange>(
    'shipping.archive',
    'shipping-method',
    'shippingMethodId',
  ),
  'drop.created': staffAction<DropChange>('drop.create', 'drop', 'dropId'),
  'drop.updated': staffAction<DropChange>('drop.update', 'drop', 'dropId'),
  /** A draw's winners were drawn: by staff ("draw now") or by the shop's clock at the entry's close. */
  'drop.drawn': staffAction<DropChange>('drop.draw', 'drop', 'dropId'),
  /** Staff downloaded a drop's entries (names and e-mail addresses). */
  'drop.exported': staffAction<DropChange>('drop.export', 'drop', 'dropId'),
  'promotion.created': staffAction<PromotionChange>('promotion.create', 'promotion', 'promotionId'),
  /** Staff changed a promotion: its terms, or paused, resumed or archived it. */
  'promotion.updated': staffAction<PromotionChange>('promotion.update', 'promotion', 'promotionId'),
  /** Staff downloaded the promotions' figures. */
  'promotion.exported': staffAction<PromotionChange>('promotion.export', 'promotion', 'promotionId'),
  /** Staff granted store credit to an account (or took some back): `after` holds the amount and balance. */
  'credit.granted': staffAction<UserChange>('credit.grant', 'user', 'userId'),
  /** A review was written or changed: its product's rating follows. */
  'review.written': fact<{ reviewId: string; productId: string }>(),
  'review.deleted': staffAction<{ reviewId: string } & Change>('review.delete', 'review', 'reviewId'),
  /** Units of these sizes came back on sale: a cancelled order returned them, or staff restocked. */
  'units.returned': fact<{ lines: SizeOfProduct[] }>(),
  /**
   * Staff lowered the price of a product on sale: its favouriters hear of it once (`dropId` names this drop,
   * so the e-mails are queued under it and sent once however often the job runs).
   */
  'price.dropped': fact<{ productId: string; dropId: string; fromCents: number; toCents: number }>(),
  /** A checkout reserved units of these sizes for a pending order. */
  'units.reserved': fact<{ lines: SizeOfProduct[] }>(),
};

type Facts = { [T in keyof typeof FACTS]: NonNullable<(typeof FACTS)[T]['carries']> };

export type FactType = keyof Facts;
export type FactOf<T extends FactType> = T extends FactType ? { type: T } & Facts[T] : never;
export type Fact = { [T in FactType]: FactOf<T> }[FactType];

/** The facts staff cause, with how each is audited. */
export function auditedFacts(): { type: FactType; audit: AuditOf<Record<string, unknown>> }[] {
  return Object.entries(FACTS).flatMap(([type, declared]) =>
    declared.audit
      ? [{ type: type as FactType, audit: declared.audit as AuditOf<Record<string, unknown>> }]
      : [],
  );
}
