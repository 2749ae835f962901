import { fromCents, type Order } from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import { NO_TAX, orderMoney, type RefundTax, refund, refundedTo, sumByRate } from '../payments';
import type { OrderDeps } from './order-deps';
import { orderRefundEmail, tellBuyer } from './order-emails';
import { getOrder, visibleOrder } from './order-views';
import * as repository from './orders.repository';

/**
 * The tax a whole-order refund gives back: the order's frozen tax per rate, every line's and shipping's
 * (decision 34); the credit note takes off what the order's earlier notes (its returns') gave back.
 */
async function wholeOrderTax(deps: OrderDeps, row: repository.OrderRow, cents: number): Promise<RefundTax> {
  if (!row.taxCollected) return NO_TAX;
  const part = (ratePcm: number | null, baseCents: number, taxCents: number) => ({
    ratePcm,
    taxCents,
    netCents: row.pricesIncludeTax ? baseCents - taxCents : baseCents,
  });
  const items = await repository.findItems(deps.db, [row.id]);
  const rates = sumByRate([
    ...items.map((item) =>
      part(item.taxRatePcm, item.unitPriceCents * item.count - item.discountCents, item.taxCents),
    ),
    part(row.shippingTaxRatePcm, row.shippingCents, row.shippingTaxCents),
  ]);
  return { dueCents: cents, rates, rest: true };
}

/**
 * Staff refund what is left of an aprobed order (docs/decisions/0010, 0032): the payments module's one
 * refund gives it back (store credit first, the rest through the provider, once however often it is
 * pressed), and in the transaction that records it the order moves to `cancelled`, once; its units stay
 * sold (the pairs went out). The buyer is told how much went back and where; the audit trail records it.
 * Its credit note gives back the tax the order's earlier refunds left. A provider failure leaves the order aprobed (502) for another try.
 */
export async function refundOrder(deps: OrderDeps, orderId: string, admin: CurrentUser): Promise<Order> {
  const row = await visibleOrder(deps.db, orderId, admin);
  if (row.refundedAt) throw new AppError('CONFLICT', 'This order was already refunded');
  if (row.state !== 'aprobed')
    throw new AppError('CONFLICT', `Only a paid order can be refunded; it is ${row.state}`);
  const money = await orderMoney(deps.db, orderId);
  const left = money.paidCents - money.refundedCents;
  if (left <= 0)
    throw new AppError('CONFLICT', 'Nothing was paid for this order that is not refunded already');
  await refund(deps, {
    order: { id: orderId, number: row.number, buyerId: row.userId },
    cents: left,
    key: `refund-order:${orderId}`,
    tax: await wholeOrderTax(deps, row, left),
    failure: 'The payment provider could not refund this order; it is still paid',
    alongside: async (tx, publish, refunded) => {
      if (!(await repository.markRefunded(tx, orderId)) || refunded.cents === 0) {
        throw new AppError('CONFLICT', 'This order was already refunded');
      }
      const amount = fromCents(refunded.cents);
      const credit = fromCents(refunded.creditCents);
      await publish({
        type: 'order.refunded',
        orderId,
        actorId: admin.id,
        before: { orderNumber: row.number, state: 'aprobed', refunded: false },
        after: {
          orderNumber: row.number,
          state: 'cancelled',
          refunded: true,
          amount,
          asCredit: credit,
          creditNote: refunded.creditNote,
        },
      });
      const refundTo = refundedTo(deps.gateways, refunded.tender ?? row.provider);
      await tellBuyer(deps, tx, orderId, 'refunded', (order, accountUrl) =>
        orderRefundEmail(order, { amount, refundTo, credit, creditNote: refunded.creditNote }, accountUrl),
      );
    },
  });
  return getOrder(deps, deps.db, orderId, admin);
}
