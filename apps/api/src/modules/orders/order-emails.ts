import { formatPrice, fromCents, type Order, orderName, paidForUnits, toCents } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { type MailMessage, type OrderLine, type OrderReader, orderEmail } from '../mail';
import { refundedTo } from '../payments';
import { sizeWordsOf } from '../sizes';
import type { OrderDeps } from './order-deps';
import { wire } from './order-views';
import * as repository from './orders.repository';

/** The orders' e-mails to their buyers: the confirmation, a cancellation and a refund. */

/** The order confirmation, sent once when the payment is verified. `paidWith` words the provider ('card'). */
export function orderConfirmationEmail(order: Order, paidWith: string, reader: OrderReader): MailMessage {
  const number = orderName(order);
  const rest = order.finalAmount - order.creditUsed;
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} confirmed`,
    heading: 'Thank you for your purchase!',
    intro: `your payment was received and order ${number} is confirmed.`,
    lines: order.products,
    shipping: order.shipping,
    discount: { code: order.code, amount: order.discount },
    total: { label: 'Total', amount: order.finalAmount },
    note:
      order.creditUsed > 0
        ? `${formatPrice(order.creditUsed, order.currency)} was paid with your store credit${rest > 0 ? ` and ${formatPrice(rest, order.currency)} with your ${paidWith}` : ''}.`
        : undefined,
    ...reader,
  });
}

/** Where a refund's money goes: store credit at once, the rest to what the buyer paid with. */
export function refundNote(
  refund: { amount: number; refundTo: string; credit: number },
  currency: string,
): string {
  const toProvider = Math.round((refund.amount - refund.credit) * 100) / 100;
  const providerNote = `goes back to the ${refund.refundTo} you paid with; your bank may take 5 to 10 days to show it`;
  if (refund.credit <= 0) return `The money ${providerNote}.`;
  const creditNote = `${formatPrice(refund.credit, currency)} is back in your store credit now`;
  return toProvider > 0
    ? `${creditNote}; ${formatPrice(toProvider, currency)} ${providerNote}.`
    : `${creditNote}.`;
}

/** The refund's credit note, named so the buyer can find and print it from their orders. */
const creditNoteSentence = (creditNote: string | null) =>
  creditNote ? ` Your credit note is ${creditNote}; you can print it from your orders.` : '';

/** Units of the order's line that received returns gave back for a refund. */
function refundedUnits(order: Order, line: OrderLine): number {
  return order.returns
    .filter((ret) => ret.state === 'received')
    .flatMap((ret) => ret.lines)
    .filter((back) => back.resolution === 'refund' && back.productId === line.id && back.size === line.size)
    .reduce((sum, back) => sum + back.count, 0);
}

/**
 * What a refund of what is left of the order gives back, line by line: each line's units no return
 * refunded, at what was paid for them (after the discount code), and the rest of `cents` as the shipping
 * (nothing when a return gave the shipping back), so the rows add up to the refund.
 */
function refundedRows(order: Order, cents: number): { lines: OrderLine[]; shipping?: Order['shipping'] } {
  const lines = order.products.flatMap((line) => {
    const before = Math.min(line.count, refundedUnits(order, line));
    const left = line.count - before;
    if (left === 0) return [];
    const paid = { paidCents: toCents(line.totalPrice) - toCents(line.discount), count: line.count };
    return [{ ...line, count: left, totalPrice: fromCents(paidForUnits(paid, before, left)), discount: 0 }];
  });
  const rest = cents - lines.reduce((sum, line) => sum + toCents(line.totalPrice), 0);
  return { lines, shipping: rest > 0 ? { ...order.shipping, price: fromCents(rest) } : undefined };
}

/**
 * Money paid back for a whole order: the amount and what it was for (the pairs and shipping no return
 * refunded, at what was paid for them). When returns had refunded part of it before, the e-mail says what
 * this refund gave back of what was left.
 */
export function orderRefundEmail(
  order: Order,
  refund: { amount: number; refundTo: string; credit: number; creditNote: string | null },
  reader: OrderReader,
): MailMessage {
  const number = orderName(order);
  const before = order.refundedAmount - refund.amount;
  return orderEmail({
    order,
    subject: `Sneaker Shop: ${formatPrice(refund.amount, order.currency)} refunded for order ${number}`,
    heading: 'Your order was refunded',
    intro:
      before > 0
        ? `we refunded the ${formatPrice(refund.amount, order.currency)} left of what you paid for order ${number} (${formatPrice(before, order.currency)} was refunded before, for your returns).`
        : `we refunded the ${formatPrice(refund.amount, order.currency)} you paid for order ${number}.`,
    ...refundedRows(order, toCents(refund.amount)),
    total: { label: 'Refunded', amount: refund.amount },
    note: `${refundNote(refund, order.currency)}${creditNoteSentence(refund.creditNote)}`,
    ...reader,
  });
}

/**
 * A pending order closed without payment: by the shop's staff, because it was not paid in time, or because
 * its provider closed the payment (a payment page that expired, a bank payment that failed). No money was
 * taken, and the pairs went back on sale.
 */
export function orderCancelledEmail(
  order: Order,
  reason: 'staff' | 'not-paid-in-time' | 'payment-failed',
  reader: OrderReader,
): MailMessage {
  const number = orderName(order);
  const why = {
    staff: `our team cancelled order ${number} before it was paid.`,
    'not-paid-in-time': `order ${number} was cancelled because it was not paid in time.`,
    'payment-failed': `order ${number} was cancelled because its payment did not go through.`,
  };
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} cancelled`,
    heading: 'Your order was cancelled',
    intro: why[reason],
    lines: order.products,
    shipping: order.shipping,
    total: { label: 'Not charged', amount: order.finalAmount },
    note:
      order.creditUsed > 0
        ? `No money was taken: the ${formatPrice(order.creditUsed, order.currency)} of store credit it would have used is back in your account, and the pairs went back on sale. To buy them, add them to your cart again.`
        : 'No money was taken, and the pairs went back on sale. To buy them, add them to your cart again.',
    ...reader,
  });
}

/**
 * Queues, in the transaction `tx` that just changed the order, an e-mail telling its buyer what happened
 * (`make` writes it from the order as it now is), keyed by the order and `event`: the change and its
 * e-mail commit together or not at all, and however often this runs the e-mail goes out once. An
 * anonymised buyer (a deleted account) has no address to tell.
 */
export async function tellBuyer(
  deps: OrderDeps,
  tx: Tx,
  orderId: string,
  event: 'cancelled' | 'refunded',
  make: (order: Order, reader: OrderReader) => MailMessage,
): Promise<void> {
  const row = await repository.findOrder(tx, orderId);
  if (!row) return;
  const order = await wire(deps, tx, row);
  if (order.user.email.endsWith('.invalid')) return;
  await deps.mailer.send(make(order, await readerOf(deps, tx, order)), {
    queue: 'bulkMail',
    key: `order-${event}:${orderId}`,
    tx,
  });
}

/** The confirmation of an order as it is now, its provider worded as the buyer knows it. */
export async function confirmationOf(deps: OrderDeps, row: repository.OrderRow): Promise<MailMessage> {
  const order = await wire(deps, deps.db, row);
  return orderConfirmationEmail(
    order,
    refundedTo(deps.gateways, row.provider),
    await readerOf(deps, deps.db, order),
  );
}

/** The order's buyer as its e-mails' reader: their orders' page, and their size system. */
export async function readerOf(
  deps: Pick<OrderDeps, 'siteUrl'>,
  db: DbOrTx,
  order: Order,
): Promise<OrderReader> {
  return {
    accountUrl: `${deps.siteUrl}/account/orders`,
    sizeWords: await sizeWordsOf(
      db,
      order.user._id,
      order.products.map((line) => line.id),
    ),
  };
}
