import { fromCents, type Order } from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import { orderMoney, refund, refundedTo } from '../payments';
import type { OrderDeps } from './order-deps';
import { orderRefundEmail, tellBuyer } from './order-emails';
import { getOrder, visibleOrder } from './order-views';
import * as repository from './orders.repository';

/**
 * Staff refund what is left of an aprobed order (docs/decisions/0010, 0032): the payments module's one
 * refund gives it back (store credit first, the rest through the provider, once however often it is
 * pressed), and in the transaction that records it the order moves to `cancelled`, once; its units stay
 * sold (the pairs went out). The buyer is told how much went back and where; the audit trail records it.
 * A provider failure leaves the order aprobed (502) for another try.
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
        after: { orderNumber: row.number, state: 'cancelled', refunded: true, amount, asCredit: credit },
      });
      const refundTo = refundedTo(deps.gateways, refunded.tender ?? row.provider);
      await tellBuyer(deps, tx, orderId, 'refunded', (order, accountUrl) =>
        orderRefundEmail(order, { amount, refundTo, credit }, accountUrl),
      );
    },
  });
  return getOrder(deps, deps.db, orderId, admin);
}
