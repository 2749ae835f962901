import {
  fromCents,
  type OrderReturn,
  paidForUnits,
  type ReturnReceiveBody,
  splitRefund,
} from '@shop/contracts';
import type { Tx } from '../../db/client';
import type { Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog/catalog.service';
import * as credit from '../credit/credit.service';
import { exchangeOrderEmail, returnReceivedEmail, returnRefundedEmail } from '../mail';
import * as orders from '../orders/order-returns.service';
import { gatewayFor, PaymentProviderError, refundedTo } from '../payments';
import { toReturnWire } from './return-views.service';
import * as repository from './returns.repository';
import { accountUrl, type ReturnDeps, stateConflict, tellBuyer } from './returns.service';

/** How long one receipt holds the return; a crashed attempt's claim runs out after it. */
const RECEIPT_CLAIM_SECONDS = 120;

/**
 * Whether each of the return's lines goes back on sale, by position: every line of the return named once
 * (by product and size), nothing else.
 */
function restockByPosition(row: repository.ReturnWithLines, body: ReturnReceiveBody): Map<number, boolean> {
  const restock = new Map<number, boolean>();
  body.lines.forEach((named, index) => {
    const line = row.lines.find(
      (candidate) => candidate.productId === named.productId && candidate.size === Number(named.size),
    );
    if (!line) throw AppError.invalid(`lines.${index}`, 'is not a line of this return');
    if (restock.has(line.position))
      throw AppError.invalid(`lines.${index}`, 'names a line of the return twice');
    restock.set(line.position, named.restock);
  });
  const missing = row.lines.filter((line) => !restock.has(line.position));
  if (missing.length > 0) {
    const names = missing.map((line) => `${line.name} size ${line.size}`).join(', ');
    throw AppError.invalid('lines', `must name every line of the return; missing: ${names}`);
  }
  return restock;
}

/**
 * What each earlier received return refunded of the order's lines: the units by line position (in the
 * order they were received), and for each return whether its refund included the shipping.
 */
function earlierRefunds(order: orders.ReturnedOrder, earlier: repository.ReturnWithLines[]) {
  const refunded = new Map<number, number>();
  let shippingRefunded = false;
  const received = earlier
    .filter((other) => other.state === 'received')
    .sort((a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0));
  for (const other of received) {
    const value = linesValue(order, other.lines, refunded);
    if (other.refundedCents > value) shippingRefunded = true;
  }
  return { refunded, shippingRefunded };
}

/**
 * What was paid for a return's refund lines: each line's total less its share of the discount code,
 * spread over its units (`paidForUnits`), after the units of it refunded before (counted on in `refunded`).
 */
function linesValue(
  order: orders.ReturnedOrder,
  lines: repository.ReturnLineRow[],
  refunded: Map<number, number>,
): number {
  let cents = 0;
  for (const line of lines.filter((candidate) => candidate.resolution === 'refund')) {
    const item = order.items.find((candidate) => candidate.position === line.position);
    if (!item) continue;
    const before = refunded.get(line.position) ?? 0;
    const paid = { paidCents: item.unitPriceCents * item.count - item.discountCents, count: item.count };
    cents += paidForUnits(paid, before, line.count);
    refunded.set(line.position, before + line.count);
  }
  return cents;
}

/**
 * What the receipt owes the buyer: what was paid for the refund lines (never the price before the
 * discount) and, when the setting says so and no earlier return of the order had it back, the shipping.
 */
async function refundDue(
  deps: ReturnDeps,
  row: repository.ReturnWithLines,
  order: orders.ReturnedOrder,
): Promise<number> {
  const earlier = (await repository.findCountingReturns(deps.db, order.id)).filter(
    (other) => other.id !== row.id,
  );
  const { refunded, shippingRefunded } = earlierRefunds(order, earlier);
  const lines = linesValue(order, row.lines, refunded);
  const refundsShipping =
    deps.refundShipping === 'always' || (deps.refundShipping === 'damaged' && row.reason === 'damaged');
  if (!refundsShipping || order.shippingCents === 0 || shippingRefunded) return lines;
  return lines + order.shippingCents;
}

/** A receipt's refund: the cents refunded in all, and the part of them paid as store credit. */
interface ReceiptRefund {
  cents: number;
  creditCents: number;
}

/**
 * Refunds `due` (at most what was paid and not refunded yet), holding the order's refund claim (a
 * whole-order refund cannot run meanwhile): all of it as store credit when the buyer asked for that, else
 * what credit paid of the order back as credit first and the rest through the order's provider, with the
 * return's idempotency key: a retry after a crash never refunds twice. A provider failure is a 502 with
 * nothing changed and the claim released.
 */
async function refundReceipt(
  deps: ReturnDeps,
  row: repository.ReturnWithLines,
  due: number,
): Promise<ReceiptRefund> {
  const none = { cents: 0, creditCents: 0 };
  if (due === 0) return none;
  if (!(await orders.claimOrderRefund(deps.db, row.orderId))) {
    const now = await orders.orderForReturn(deps.db, row.orderId);
    // A cancelled order (refunded whole, say) has nothing left to give back.
    if (now?.state !== 'aprobed') return none;
    throw new AppError('CONFLICT', 'A refund of this order is in progress; try again in a moment');
  }
  const order = await orders.orderForReturn(deps.db, row.orderId);
  const cents = order ? Math.min(due, order.totalCents - order.refundedCents) : 0;
  const split = order && cents > 0 ? splitRefund(order, cents) : { creditCents: 0, providerCents: 0 };
  const creditCents = row.refundTo === 'credit' ? cents : split.creditCents;
  const providerCents = cents - creditCents;
  if (!order || cents <= 0 || (providerCents > 0 && !order.providerReference)) {
    await orders.releaseOrderRefund(deps.db, row.orderId);
    return none;
  }
  if (providerCents === 0 || !order.providerReference) return { cents, creditCents };
  try {
    await gatewayFor(deps.gateways, order.provider).refund(
      order.providerReference,
      providerCents,
      `return-refund-${row.id}`,
    );
  } catch (error) {
    await orders.releaseOrderRefund(deps.db, row.orderId);
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.error({ err: error, orderId: row.orderId, returnId: row.id }, 'return refund failed');
    throw new AppError(
      'PAYMENT_FAILED',
      'The payment provider could not refund this return; nothing changed, please try again',
    );
  }
  return { cents, creditCents };
}

/**
 * The returned units that go back on sale join their size's stock, and the held units of the exchange
 * lines are sold to the replacement order, in the catalogue's lock order. A returned product archived
 * meanwhile is not restocked (logged). Answers whether each line was restocked, by position.
 */
async function moveStock(
  deps: ReturnDeps,
  tx: Tx,
  row: repository.ReturnWithLines,
  restock: Map<number, boolean>,
): Promise<Map<number, boolean>> {
  const steps = catalog.inLockOrder([
    ...row.lines
      .filter((line) => restock.get(line.position))
      .map((line) => ({ ...line, kind: 'restock' as const })),
    ...row.lines.flatMap((line) =>
      line.exchangeSize === null ? [] : [{ ...line, size: line.exchangeSize, kind: 'sell' as const }],
    ),
  ]);
  const restocked = new Map(row.lines.map((line) => [line.position, false]));
  for (const step of steps) {
    if (step.kind === 'sell') {
      await catalog.markUnitsSold(tx, step.productId, step.size, step.count);
      continue;
    }
    const added = await catalog.addUnits(tx, step.productId, step.size, step.count);
    if (!added) {
      deps.log.warn(
        { returnId: row.id, productId: step.productId, size: step.size },
        'returned units not restocked: the product or its size is no longer sold',
      );
    }
    restocked.set(step.position, added);
  }
  return restocked;
}

/** The receipt's changes, in one transaction: the order row locked first, then the stock rows. */
async function completeReceipt(
  deps: ReturnDeps,
  tx: Tx,
  publish: Publish,
  receipt: {
    row: repository.ReturnWithLines;
    staff: CurrentUser;
    restock: Map<number, boolean>;
    refund: ReceiptRefund;
  },
): Promise<void> {
  const { row, staff } = receipt;
  const { cents, creditCents } = receipt.refund;
  const order = await orders.lockOrderForReturn(tx, row.orderId);
  if (!order) throw AppError.notFound('Order');
  const exchanges = row.lines.flatMap((line) =>
    line.exchangeSize === null
      ? []
      : [{ position: line.position, size: line.exchangeSize, count: line.count }],
  );
  const exchangeOrderId =
    exchanges.length > 0 ? await orders.createReplacementOrder(tx, order, exchanges) : null;
  if (!(await repository.markReceived(tx, row.id, { by: staff.id, refundedCents: cents, exchangeOrderId }))) {
    throw stateConflict('no longer approved', 'received');
  }
  if (cents > 0 && !(await orders.addRefunded(tx, order.id, cents))) {
    throw new Error(`Return ${row.id} would refund more than order ${order.id} was paid`);
  }
  await credit.creditRefund(tx, {
    userId: order.userId,
    orderId: order.id,
    orderNumber: order.number,
    returnId: row.id,
    cents: creditCents,
    key: `return-credit:${row.id}`,
  });
  const restocked = await moveStock(deps, tx, row, receipt.restock);
  for (const [position, done] of restocked) await repository.setRestocked(tx, row.id, position, done);
  const number = `R-${row.number}`;
  await publish({
    type: 'return.received',
    returnId: row.id,
    orderId: row.orderId,
    actorId: staff.id,
    before: { number, state: 'approved' },
    after: { number, state: 'received', exchangeOrderId },
  });
  const back = row.lines.filter((line) => restocked.get(line.position));
  if (back.length > 0) {
    await publish({
      type: 'units.returned',
      lines: back.map((line) => ({ productId: line.productId, size: line.size })),
    });
  }
  const received = await repository.findReturn(tx, row.id);
  if (!received) throw AppError.notFound('Return');
  const wire = toReturnWire(received);
  await tellBuyer(deps, tx, row, 'received', (to) => returnReceivedEmail(to, wire, accountUrl(deps)));
  if (cents > 0) {
    const amount = fromCents(cents);
    await publish({
      type: 'return.refunded',
      returnId: row.id,
      orderId: row.orderId,
      actorId: staff.id,
      before: { number, refunded: fromCents(order.refundedCents) },
      after: {
        number,
        amount,
        asCredit: fromCents(creditCents),
        refunded: fromCents(order.refundedCents + cents),
      },
    });
    await tellBuyer(deps, tx, row, 'refunded', (to) =>
      returnRefundedEmail(
        to,
        wire,
        { amount, refundTo: refundedTo(deps.gateways, order.provider), credit: fromCents(creditCents) },
        accountUrl(deps),
      ),
    );
  }
  if (exchangeOrderId) {
    const replacement = await orders.orderForReturn(tx, exchangeOrderId);
    await tellBuyer(deps, tx, row, 'exchange', (to) =>
      exchangeOrderEmail(to, wire, replacement?.number ?? 0, accountUrl(deps)),
    );
  }
}

/**
 * `POST /api/returns/:id/receive` (staff): the parcel of an approved return arrived. Its refund lines are
 * refunded through the order's provider (what was paid for them, shipping when the setting says so,
 * never more than what is left), exactly once however often it is pressed (a claim on the return and the
 * provider's idempotency key); returned units go back on sale where staff say so; the exchange lines
 * become one replacement order of zero amount. A provider failure changes nothing (502) and may be retried.
 */
export async function receiveReturn(
  deps: ReturnDeps,
  id: string,
  staff: CurrentUser,
  body: ReturnReceiveBody,
): Promise<OrderReturn> {
  const row = await repository.findReturn(deps.db, id);
  if (!row) throw AppError.notFound('Return');
  if (row.state !== 'approved') throw stateConflict(row.state, 'received');
  const restock = restockByPosition(row, body);
  if (!(await repository.claimReceipt(deps.db, id, RECEIPT_CLAIM_SECONDS))) {
    const now = await repository.findReturn(deps.db, id);
    if (now && now.state !== 'approved') throw stateConflict(now.state, 'received');
    throw new AppError('CONFLICT', 'This return is being received by someone else', {
      state: 'is being received',
    });
  }
  let refund: ReceiptRefund = { cents: 0, creditCents: 0 };
  try {
    const order = await orders.orderForReturn(deps.db, row.orderId);
    if (!order) throw AppError.notFound('Order');
    refund = await refundReceipt(deps, row, await refundDue(deps, row, order));
    await deps.events.transaction(deps.db, (tx, publish) =>
      completeReceipt(deps, tx, publish, { row, staff, restock, refund }),
    );
  } catch (error) {
    // A retry asks the provider again with the same key: it answers the refund already made.
    if (refund.cents > 0) await orders.releaseOrderRefund(deps.db, row.orderId);
    await repository.releaseReceipt(deps.db, id);
    throw error;
  }
  const received = await repository.findReturn(deps.db, id);
  if (!received) throw AppError.notFound('Return');
  return toReturnWire(received);
}
