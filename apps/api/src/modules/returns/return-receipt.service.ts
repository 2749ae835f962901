import {
  fromCents,
  type OrderReturn,
  paidForUnits,
  type ReturnReceiveBody,
  type ReturnRefundPreview,
  STORE_CREDIT,
} from '@shop/contracts';
import type { Tx } from '../../db/client';
import type { Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { type CurrentUser, refuseWithoutStepUp } from '../../plugins/session';
import * as catalog from '../catalog';
import * as orders from '../orders';
import * as payments from '../payments';
import { exchangeOrderEmail, returnReceivedEmail, returnRefundedEmail } from './return-emails';
import { returnsWithRefunds } from './return-views';
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
 * order they were received), and whether one of them gave the shipping back (it gave back more than its
 * lines were worth; `returned` is what each gave back, by return id).
 */
function earlierRefunds(
  order: orders.ReturnedOrder,
  earlier: repository.ReturnWithLines[],
  returned: Map<string, payments.Returned>,
) {
  const refunded = new Map<number, number>();
  let shippingRefunded = false;
  const received = earlier
    .filter((other) => other.state === 'received')
    .sort((a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0));
  for (const other of received) {
    const value = linesValue(order, other.lines, refunded);
    if ((returned.get(other.id)?.cents ?? 0) > value.cents) shippingRefunded = true;
  }
  return { refunded, shippingRefunded };
}

/** What a refund gives back, and the tax in it (decision 34), per rate for its credit note. */
interface Due {
  cents: number;
  rates: payments.RateTax[];
}

/**
 * What was paid for a return's refund lines: each line's total less its share of the discount code,
 * spread over its units (`paidForUnits`), after the units of it refunded before (counted on in `refunded`);
 * and the tax the line froze, spread over its units alike, so refunding every unit gives back all of it.
 */
function linesValue(
  order: orders.ReturnedOrder,
  lines: repository.ReturnLineRow[],
  refunded: Map<number, number>,
): Due {
  const due: Due = { cents: 0, rates: [] };
  for (const line of lines.filter((candidate) => candidate.resolution === 'refund')) {
    const item = order.items.find((candidate) => candidate.position === line.position);
    if (!item) continue;
    const before = refunded.get(line.position) ?? 0;
    const paid = { paidCents: item.unitPriceCents * item.count - item.discountCents, count: item.count };
    const paidCents = paidForUnits(paid, before, line.count);
    // With tax on top of the prices the buyer paid it too: it goes back with the pairs.
    const taxOnTop = order.pricesIncludeTax ? 0 : item.taxCents;
    due.cents += paidCents + paidForUnits({ paidCents: taxOnTop, count: item.count }, before, line.count);
    const taxCents = paidForUnits({ paidCents: item.taxCents, count: item.count }, before, line.count);
    const netCents = order.pricesIncludeTax ? paidCents - taxCents : paidCents;
    due.rates = payments.sumByRate([...due.rates, { ratePcm: item.taxRatePcm, netCents, taxCents }]);
    refunded.set(line.position, before + line.count);
  }
  return due;
}

/**
 * What the receipt owes the buyer: what was paid for the refund lines (never the price before the
 * discount) and, when the setting says so and no earlier return of the order had it back, the shipping.
 */
async function refundDue(
  deps: ReturnDeps,
  row: repository.ReturnWithLines,
  order: orders.ReturnedOrder,
): Promise<Due> {
  const earlier = (await repository.findCountingReturns(deps.db, order.id)).filter(
    (other) => other.id !== row.id,
  );
  const returned = await payments.returnedByReturn(
    deps.db,
    earlier.map((other) => other.id),
  );
  const { refunded, shippingRefunded } = earlierRefunds(order, earlier, returned);
  const lines = linesValue(order, row.lines, refunded);
  const refundsShipping =
    deps.refundShipping === 'always' ||
    (deps.refundShipping === 'damaged' && row.lines.some((line) => line.reason === 'damaged'));
  if (!refundsShipping || order.shippingCents === 0 || shippingRefunded) return lines;
  const shippingTaxOnTop = order.pricesIncludeTax ? 0 : order.shippingTaxCents;
  const shippingNet = order.shippingCents - (order.pricesIncludeTax ? order.shippingTaxCents : 0);
  return {
    cents: lines.cents + order.shippingCents + shippingTaxOnTop,
    rates: payments.sumByRate([
      ...lines.rates,
      { ratePcm: order.shippingTaxRatePcm, netCents: shippingNet, taxCents: order.shippingTaxCents },
    ]),
  };
}

/**
 * `GET /api/returns/:id/refund-preview` (staff): what receiving the return (requested, so staff decide with
 * it, or approved) would give back now and where (the provider that took the payment, store credit), as
 * the receipt would refund it; nothing changes.
 */
export async function refundPreview(deps: ReturnDeps, id: string): Promise<ReturnRefundPreview> {
  const row = await repository.findReturn(deps.db, id);
  if (!row) throw AppError.notFound('Return');
  if (row.state !== 'approved' && row.state !== 'requested') throw stateConflict(row.state, 'received');
  const order = await orders.orderForReturn(deps.db, row.orderId);
  if (!order) throw AppError.notFound('Order');
  const plan = await payments.refundPlan(deps.db, order.id, {
    cents: (await refundDue(deps, row, order)).cents,
    asCredit: row.refundTo === 'credit',
  });
  const parts = [
    ...(plan.tender && plan.providerCents > 0 ? [{ tender: plan.tender, cents: plan.providerCents }] : []),
    ...(plan.creditCents > 0 ? [{ tender: STORE_CREDIT, cents: plan.creditCents }] : []),
  ];
  return {
    amount: fromCents(plan.cents),
    parts: parts.map((part) => ({ tender: part.tender, amount: fromCents(part.cents) })),
  };
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

/** Nothing given back: a receipt of exchanges only, or of an order with nothing left to refund. */
const NO_REFUND: payments.RefundedMoney = {
  cents: 0,
  creditCents: 0,
  tender: null,
  taxCents: 0,
  creditNote: null,
};

/** Tells the buyer what the receipt gave back, and records it in the audit trail. */
async function tellRefunded(
  deps: ReturnDeps,
  tx: Tx,
  publish: Publish,
  receipt: {
    row: repository.ReturnWithLines;
    staff: CurrentUser;
    wire: OrderReturn;
    order: { number: number; provider: string; currency: string };
  },
  refund: payments.RefundedMoney,
): Promise<void> {
  const { row, wire } = receipt;
  const number = `R-${row.number}`;
  const amount = fromCents(refund.cents);
  const after = (await payments.orderMoney(tx, row.orderId)).refundedCents;
  await publish({
    type: 'return.refunded',
    returnId: row.id,
    orderId: row.orderId,
    actorId: receipt.staff.id,
    before: { number, orderNumber: receipt.order.number, refunded: fromCents(after - refund.cents) },
    after: {
      number,
      orderNumber: receipt.order.number,
      amount,
      asCredit: fromCents(refund.creditCents),
      refunded: fromCents(after),
      creditNote: refund.creditNote,
    },
  });
  const refundTo = payments.refundedTo(deps.gateways, refund.tender ?? receipt.order.provider);
  await tellBuyer(deps, tx, { row, ret: wire }, 'refunded', (to) =>
    returnRefundedEmail(
      to,
      wire,
      {
        amount,
        refundTo,
        credit: fromCents(refund.creditCents),
        creditNote: refund.creditNote,
        currency: receipt.order.currency,
      },
      accountUrl(deps),
    ),
  );
}

/**
 * The receipt's changes, in one transaction (the one that records its refund, when it has one): the order
 * row locked first, then the stock rows.
 */
async function completeReceipt(
  deps: ReturnDeps,
  tx: Tx,
  publish: Publish,
  receipt: { row: repository.ReturnWithLines; staff: CurrentUser; restock: Map<number, boolean>; due: Due },
  refund: payments.RefundedMoney,
): Promise<void> {
  const { row, staff } = receipt;
  const order = await orders.lockOrderForReturn(tx, row.orderId);
  if (!order) throw AppError.notFound('Order');
  const exchanges = row.lines.flatMap((line) =>
    line.exchangeSize === null
      ? []
      : [{ position: line.position, size: line.exchangeSize, count: line.count }],
  );
  const exchangeOrderId =
    exchanges.length > 0 ? await orders.createReplacementOrder(tx, order, exchanges) : null;
  // The tax its credit note gave back: in proportion, when less was left to refund than was due.
  const refundedTaxCents = refund.taxCents;
  if (!(await repository.markReceived(tx, row.id, { by: staff.id, exchangeOrderId, refundedTaxCents }))) {
    throw stateConflict('no longer approved', 'received');
  }
  const restocked = await moveStock(deps, tx, row, receipt.restock);
  for (const [position, done] of restocked) await repository.setRestocked(tx, row.id, position, done);
  const number = `R-${row.number}`;
  await publish({
    type: 'return.received',
    returnId: row.id,
    orderId: row.orderId,
    actorId: staff.id,
    before: { number, orderNumber: order.number, state: 'approved' },
    after: { number, orderNumber: order.number, state: 'received', exchangeOrderId },
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
  const [wire] = await returnsWithRefunds(tx, [received]);
  if (!wire) throw AppError.notFound('Return');
  await tellBuyer(deps, tx, { row, ret: wire }, 'received', (to) =>
    returnReceivedEmail(to, wire, accountUrl(deps)),
  );
  if (refund.cents > 0) await tellRefunded(deps, tx, publish, { row, staff, wire, order }, refund);
  if (exchangeOrderId) {
    const replacement = await orders.orderForReturn(tx, exchangeOrderId);
    await tellBuyer(deps, tx, { row, ret: wire }, 'exchange', (to) =>
      exchangeOrderEmail(to, wire, replacement?.number ?? 0, accountUrl(deps)),
    );
  }
}

/**
 * `POST /api/returns/:id/receive` (staff): the parcel of an approved return arrived. Its refund lines are
 * refunded by the payments module's one refund (what was paid for them, shipping when the setting says
 * so, never more than what is left; as store credit when the buyer asked for that), exactly once however
 * often it is pressed (a claim on the return, the order's refund claim and the provider's idempotency
 * key); returned units go back on sale where staff say so; the exchange lines become one replacement order
 * of zero amount. A provider failure changes nothing (502) and may be retried.
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
  try {
    const order = await orders.orderForReturn(deps.db, row.orderId);
    if (!order) throw AppError.notFound('Order');
    const due = await refundDue(deps, row, order);
    // A receipt that refunds moves money: like a refund, it needs a step-up (decision 36).
    if (due.cents > 0) refuseWithoutStepUp(staff);
    const receipt = { row, staff, restock, due };
    if (due.cents === 0) {
      await deps.events.transaction(deps.db, (tx, publish) =>
        completeReceipt(deps, tx, publish, receipt, NO_REFUND),
      );
    } else {
      await payments.refund(deps, {
        order: { id: order.id, number: order.number, buyerId: order.userId },
        cents: due.cents,
        key: `return-refund:${row.id}`,
        returnId: row.id,
        asCredit: row.refundTo === 'credit',
        tax: { dueCents: due.cents, rates: due.rates },
        failure: 'The payment provider could not refund this return; nothing changed, please try again',
        alongside: (tx, publish, refunded) => completeReceipt(deps, tx, publish, receipt, refunded),
      });
    }
  } catch (error) {
    // A retry asks the provider again with the same key: it answers the refund already made.
    await repository.releaseReceipt(deps.db, id);
    throw error;
  }
  const received = await repository.findReturn(deps.db, id);
  if (!received) throw AppError.notFound('Return');
  const [wire] = await returnsWithRefunds(deps.db, [received]);
  if (!wire) throw AppError.notFound('Return');
  return wire;
}
