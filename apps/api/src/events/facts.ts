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
/** A change of the tax settings ('settings'), a rate or a registration (its id). */
type TaxChange = { taxId: string } & Change;
/** A change of a staff role (its name) or of the staff settings ('settings'). */
type StaffChange = { staffId: string } & Change;
/** A change of a size chart, named `<brand>/<gender>`. */
type SizeChartChange = { chartId: string } & Change;

/** What the audit trail's entries are about, as the Activity view links them. */
export type AuditSubject =
  | 'product'
  | 'user'
  | 'order'
  | 'review'
  | 'shipping-method'
  | 'drop'
  | 'promotion'
  | 'tax'
  | 'staff'
  | 'invitation'
  | 'size-chart';

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

/**
 * The actions staff take on one subject: given their kinds by fact name, declares each fact, which the audit
 * trail records as its kind about the subject the fact's field `id` names. (Curried so that `Carried` is
 * given and the fact names are inferred.)
 */
const staffActions =
  <Carried extends Change>(subject: AuditSubject, id: keyof Carried & string) =>
  <Name extends string>(kinds: Record<Name, AuditKind>): Record<Name, Declared<Carried>> => {
    const entries = Object.entries<AuditKind>(kinds).map(([name, kind]) => [
      name,
      { audit: { kind, subject, id } },
    ]);
    return Object.fromEntries(entries) as Record<Name, Declared<Carried>>;
  };

/** Every fact by its name: what it carries and how it is audited. */
export const FACTS = {
  ...staffActions<ProductChange>(
    'product',
    'productId',
  )({
    'product.created': 'product.create',
    'product.updated': 'product.update',
    'product.archived': 'product.archive',
    'product.restored': 'product.restore',
  }),
  ...staffActions<UserChange>(
    'user',
    'userId',
  )({
    'user.updated': 'user.update',
    'user.suspended': 'user.suspend',
    'user.reactivated': 'user.reactivate',
    'user.promoted': 'user.promote',
    'user.demoted': 'user.demote',
    /** A member of staff moved from one staff role to another. */
    'user.role-changed': 'user.role',
    'user.deleted': 'user.delete',
    /** Staff asked for a person's erasure and it waits (an open order, a return, the hold): `after` says why. */
    'user.erasure-held': 'user.erase-hold',
    /** Staff asked for a copy of a person's data (its link is e-mailed to them): `after` names the copy only. */
    'user.exported': 'user.export',
    /** Staff granted store credit to an account (or took some back): `after` holds the amount and balance. */
    'credit.granted': 'credit.grant',
    /** Staff ended every session of a member of staff: `after` holds how many. */
    'sessions.ended': 'staff.sessions-end',
    /** An invitation was accepted: its invitee (the actor) now holds its role; `after` holds it. */
    'invitation.accepted': 'staff.invitation-accept',
  }),
  /** Staff invited someone to join them with a role: `after` holds the e-mail and the role. */
  ...staffActions<{ invitationId: string } & Change>(
    'invitation',
    'invitationId',
  )({ 'invitation.sent': 'staff.invite' }),
  /**
   * A person is being erased (issue 40), in the erasure's transaction: `values` are what the shop held of
   * them (e-mail, names, address, phone, their words), which copies elsewhere (the audit trail) must lose.
   */
  'person.erasing': fact<{ userId: string; values: string[] }>(),
  /** Someone signed out one of their own sessions (or all but this one): the shop's held sessions forget them. */
  'session.ended': fact<{ userId: string }>(),
  /**
   * A signed-in shopper took their cart to the payment page: a pending order, not paid yet (checkout
   * recovery reminds them if it stays so). Its lines as the cart had them, its total in cents.
   */
  'checkout.started': fact<{
    orderId: string;
    userId: string;
    lines: { productId: string; size: number; count: number }[];
    totalCents: number;
    currency: string;
  }>(),
  /** The buyer paid: the order's reserved units are sold. */
  'order.paid': fact<{ orderId: string }>(),
  ...staffActions<OrderChange>(
    'order',
    'orderId',
  )({
    'order.cancelled': 'order.cancel',
    /** Staff refunded what was left of a paid order: `after` holds the amount and the part as credit. */
    'order.refunded': 'order.refund',
  }),
  /** A buyer opened a return (its exchange lines' new sizes are held), or cancelled it. */
  'return.requested': fact<ReturnChange>(),
  'return.cancelled': fact<ReturnChange>(),
  /** Staff approved, rejected or received a return; its receipt refunded some of the payment. */
  ...staffActions<ReturnChange>(
    'order',
    'orderId',
  )({
    'return.approved': 'return.approve',
    'return.rejected': 'return.reject',
    'return.received': 'return.receive',
    'return.refunded': 'return.refund',
  }),
  ...staffActions<OrderChange & { shipmentId: string }>(
    'order',
    'orderId',
  )({
    /** Staff sent units of a paid order: one parcel, with its carrier and tracking number. */
    'order.shipped': 'order.ship',
    /** Staff marked a parcel delivered (and the order delivered when it was the last one out). */
    'shipment.delivered': 'order.deliver',
  }),
  ...staffActions<ShippingMethodChange>(
    'shipping-method',
    'shippingMethodId',
  )({
    'shipping.created': 'shipping.create',
    'shipping.updated': 'shipping.update',
    /** Deleted: no order named it. Archived: orders name it, so it is kept for them but offered no more. */
    'shipping.deleted': 'shipping.delete',
    'shipping.archived': 'shipping.archive',
  }),
  ...staffActions<DropChange>(
    'drop',
    'dropId',
  )({
    'drop.created': 'drop.create',
    'drop.updated': 'drop.update',
    /** A draw's winners were drawn: by staff ("draw now") or by the shop's clock at the entry's close. */
    'drop.drawn': 'drop.draw',
    /** Staff downloaded a drop's entries (names and e-mail addresses). */
    'drop.exported': 'drop.export',
  }),
  ...staffActions<PromotionChange>(
    'promotion',
    'promotionId',
  )({
    'promotion.created': 'promotion.create',
    /** Staff changed a promotion: its terms, or paused, resumed or archived it. */
    'promotion.updated': 'promotion.update',
    /** Staff downloaded the promotions' figures. */
    'promotion.exported': 'promotion.export',
  }),
  ...staffActions<TaxChange>(
    'tax',
    'taxId',
  )({
    'tax.settings-updated': 'tax.settings',
    'tax.rate-created': 'tax.rate-create',
    'tax.rate-updated': 'tax.rate-update',
    'tax.rate-deleted': 'tax.rate-delete',
    'tax.registered': 'tax.register',
    'tax.unregistered': 'tax.unregister',
    /** Staff changed a US state's economic-nexus thresholds. */
    'tax.threshold-updated': 'tax.threshold-update',
  }),
  /**
   * A member's sign-in factors and step-ups (decision 36): the member is both actor and subject (`after`
   * says which factor, how many recovery codes are left, until when a lock holds).
   */
  ...staffActions<UserChange>(
    'user',
    'userId',
  )({
    'security.enrolled': 'security.enrol',
    'security.removed': 'security.remove',
    'security.recovery-code-used': 'security.recovery-code',
    'security.codes-regenerated': 'security.codes-regenerate',
    'security.locked': 'security.lock',
    'security.stepped-up': 'security.step-up',
    'security.step-up-refused': 'security.step-up-refused',
    /** The owner removed a member's second factors (`before` says what they had). */
    'security.factors-reset': 'security.factors-reset',
  }),
  /** A shopper changed their own name or picture (what their reviews show of them). */
  ...staffActions<StaffChange>(
    'staff',
    'staffId',
  )({
    'staff.role-created': 'staff.role-create',
    'staff.role-updated': 'staff.role-update',
    'staff.role-deleted': 'staff.role-delete',
    'staff.settings-updated': 'staff.settings',
    /** The owner changed the hold on erasures (days after a person's last order). */
    'privacy.settings-updated': 'privacy.settings',
    /** The owner changed the reminders of abandoned checkouts (on or off, delays, the soft opt-in). */
    'recovery.settings-updated': 'recovery.settings',
  }),
  ...staffActions<SizeChartChange>(
    'size-chart',
    'chartId',
  )({
    /** Staff changed a size chart (in the grid or from a CSV), or gave the brand's own back. */
    'size-chart.updated': 'size-chart.update',
  }),
  'profile.updated': fact<{ userId: string }>(),
  /** A review was written or changed: its product's rating follows. */
  'review.written': fact<{ reviewId: string; productId: string }>(),
  ...staffActions<{ reviewId: string } & Change>('review', 'reviewId')({ 'review.deleted': 'review.delete' }),
  /** Units of these sizes came back on sale: a cancelled order returned them, or staff restocked. */
  'units.returned': fact<{ lines: SizeOfProduct[] }>(),
  /**
   * Staff lowered the price of a product on sale: its favouriters hear of it once (`dropId` names this drop,
   * so the e-mails are queued under it and sent once however often the job runs).
   */
  'price.dropped': fact<{ productId: string; dropId: string; fromCents: number; toCents: number }>(),
  /**
   * The tax engine failed at a checkout and the order was priced from the rate table instead (its tax's
   * source is 'fallback', for staff to review; decision 34).
   */
  'tax.fell-back': fact<{ orderId: string }>(),
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
