import { randomUUID } from 'node:crypto';
import { type Order, sizeKey } from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import { type CurrentUser, can, missingPermission } from '../../plugins/session';
import {
  gatewayFor,
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
  paymentNotStarted,
  recordProviderEvent,
} from '../payments';
import type { OrderDeps } from './order-deps';
import {
  approveOrder,
  approvePlacedOrder,
  cancelIn,
  cancelOrder,
  sendConfirmation,
  tellCancelled,
} from './order-lifecycle';
import { getOrder, visibleOrder, wire } from './order-views';
import * as repository from './orders.repository';

/**
 * An order and its payment: the page where the buyer pays (made at checkout, or again later), and what the
 * provider says of it (on the buyer's return, in a verified notification, or asked by the shop).
 */

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
    | 'taxCents'
    | 'pricesIncludeTax'
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
    tax: { cents: row.taxCents, included: row.pricesIncludeTax },
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

/**
 * Asks the provider whether a pending order was paid, and approves it if so; a failed payment cancels it.
 * This is the only way a browser can move an order on: it can ask, never tell.
 */
async function confirmPayment(deps: OrderDeps, row: repository.OrderRow): Promise<void> {
  if (row.state !== 'pending' || !row.providerReference) return;
  const gateway = gatewayFor(deps.gateways, row.provider);
  const status = await gateway.confirm(row.providerReference, row.id);
  if (status === 'paid') await approveOrder(deps, row.id);
  if (status === 'failed') await cancelOrder(deps, row.id);
}

/** The buyer gave up: close the payment page and return the units, unless the provider says it was paid. */
async function cancelPending(deps: OrderDeps, row: repository.OrderRow, staffId?: string): Promise<void> {
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
  // Staff change another's order (confirm its payment, or cancel it) with orders.cancel.
  if (row.userId !== viewer.id && !can(viewer, 'orders.cancel'))
    throw missingPermission(viewer, 'orders.cancel');
  if (state === 'aprobed') await confirmPayment(deps, row);
  else await cancelPending(deps, row, row.userId !== viewer.id ? viewer.id : undefined);
  return getOrder(deps, deps.db, orderId, viewer);
}

/** `PUT /api/success-order`: confirms the buyer's latest pending order with its provider. */
export async function confirmLatest(deps: OrderDeps, viewer: CurrentUser): Promise<Order> {
  const pending = await repository.findLatestOrderOfUser(deps.db, viewer.id, 'pending');
  if (pending) await confirmPayment(deps, pending);
  const latest = await repository.findLatestOrderOfUser(deps.db, viewer.id);
  if (!latest) throw AppError.notFound('Order');
  return wire(deps, deps.db, latest);
}

/**
 * The buyer came back from `provider` with its payment's `reference` (the spec's execute-payment return): the
 * payment is confirmed (captured) server-side, once, and the order answered. Only its buyer or staff with
 * orders.read may ask; anyone else is told it does not exist.
 */
export async function confirmProviderReturn(
  deps: OrderDeps,
  provider: string,
  reference: string,
  orderId: string | undefined,
  viewer: CurrentUser,
): Promise<Order> {
  const row = await repository.findOrderByReference(deps.db, provider, reference);
  if (!row || (orderId && row.id !== orderId) || (row.userId !== viewer.id && !can(viewer, 'orders.read'))) {
    throw AppError.notFound('Order');
  }
  await confirmPayment(deps, row);
  return getOrder(deps, deps.db, row.id, viewer);
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
  const event = { provider, eventId: notice.eventId, type: notice.type };
  if (notice.kind === 'ignored' || !row) {
    const fresh = await recordProviderEvent(deps.db, { ...event, orderId: row?.id ?? null });
    return fresh ? 'ignored' : 'duplicate';
  }
  if (notice.kind === 'approved') {
    // The buyer approved a payment the shop captures itself: capture now (idempotent). If it is not
    // capturable yet, leave the event unrecorded so the provider's retry gets another chance.
    const status = await gatewayFor(deps.gateways, provider).confirm(notice.reference ?? '', row.id);
    if (status !== 'paid') return 'ignored';
  }
  const kind = notice.kind;
  // `approved` comes from the attempt that committed, not from one rolled back and run again.
  const { fresh, approved } = await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await recordProviderEvent(tx, { ...event, orderId: row.id })))
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
