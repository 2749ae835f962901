import type { AuditKind } from '@shop/contracts';
import type { DomainEvents } from '../../events/domain-events';
import type { Fact, FactType } from '../../events/facts';
import { record } from './audit.service';

/** Each fact a member of staff can cause, as the Activity view names it. */
const KINDS = {
  'product.created': 'product.create',
  'product.updated': 'product.update',
  'product.archived': 'product.archive',
  'product.restored': 'product.restore',
  'user.updated': 'user.update',
  'user.suspended': 'user.suspend',
  'user.reactivated': 'user.reactivate',
  'user.promoted': 'user.promote',
  'user.demoted': 'user.demote',
  'user.deleted': 'user.delete',
  'order.cancelled': 'order.cancel',
  'order.refunded': 'order.refund',
  'return.approved': 'return.approve',
  'return.rejected': 'return.reject',
  'return.received': 'return.receive',
  'return.refunded': 'return.refund',
  'order.shipped': 'order.ship',
  'shipment.delivered': 'order.deliver',
  'review.deleted': 'review.delete',
  'shipping.created': 'shipping.create',
  'shipping.updated': 'shipping.update',
  'shipping.deleted': 'shipping.delete',
  'shipping.archived': 'shipping.archive',
  'drop.created': 'drop.create',
  'drop.updated': 'drop.update',
  'drop.drawn': 'drop.draw',
  'drop.exported': 'drop.export',
  'promotion.created': 'promotion.create',
  'promotion.updated': 'promotion.update',
  'promotion.exported': 'promotion.export',
  'credit.granted': 'credit.grant',
} as const satisfies Partial<Record<FactType, AuditKind>>;

type AuditedFact = Extract<Fact, { type: keyof typeof KINDS }>;

function subjectOf(fact: AuditedFact): {
  subjectType: 'product' | 'user' | 'order' | 'review' | 'shipping-method' | 'drop' | 'promotion';
  subjectId: string;
} {
  if ('productId' in fact) return { subjectType: 'product', subjectId: fact.productId };
  if ('userId' in fact) return { subjectType: 'user', subjectId: fact.userId };
  if ('orderId' in fact) return { subjectType: 'order', subjectId: fact.orderId };
  if ('dropId' in fact) return { subjectType: 'drop', subjectId: fact.dropId };
  if ('promotionId' in fact) return { subjectType: 'promotion', subjectId: fact.promotionId };
  if ('shippingMethodId' in fact) return { subjectType: 'shipping-method', subjectId: fact.shippingMethodId };
  return { subjectType: 'review', subjectId: fact.reviewId };
}

/**
 * The audit trail listens to every fact a member of staff causes and records it in the transaction that
 * made it, so the change and its record commit (or roll back) together. Facts the clock, a provider or a
 * shopper caused are not staff actions and are not recorded.
 */
export function subscribeAudit(events: DomainEvents): void {
  const types = Object.keys(KINDS) as (keyof typeof KINDS)[];
  events.withFact(types, async (tx, fact) => {
    if (!fact.actorId) return;
    await record(tx, {
      actorId: fact.actorId,
      kind: KINDS[fact.type],
      ...subjectOf(fact),
      before: fact.before,
      after: fact.after,
    });
  });
}
