import { formatPrice, formatShippingPrice, type Order, orderName } from '@shop/contracts';
import type { Ref } from 'react';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { OrderStateBadge } from '../../../components/order-state';
import { chargedOf } from '../../../components/order-summary';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDay } from '../../../lib/dates';
import { OrderActions } from './order-actions';

interface OrderCardProps {
  order: Order;
  onOpen: (order: Order) => void;
  /** The Detail button, so focus can come back to it from the detail view. */
  ref?: Ref<HTMLButtonElement>;
}

/** A paid order, or one that has parcels, has a shipping status to show; an unpaid one has none yet. */
export const hasFulfilment = (order: Order) => order.state === 'aprobed' || order.shipments.length > 0;

/** One order: the user's picture, number, date (first 10 characters), state in its colour and final amount. */
export function OrderCard({ order, onOpen, ref }: OrderCardProps) {
  const count = order.products.reduce((sum, line) => sum + line.count, 0);
  return (
    <article className={`order-card order-card--${order.state}`} aria-labelledby={`order-${order._id}`}>
      <div className="order-card__head">
        <UserAvatar image={order.user.image} name={order.user.username} size="sm" />
        <div className="order-card__who">
          <h3 id={`order-${order._id}`} className="order-card__title">
            <span className="visually-hidden">Order</span>{' '}
            <span className="order-id">{orderName(order)}</span>
          </h3>
          <p className="order-card__date">
            <span className="visually-hidden">Date: </span>
            {formatDay(order.date)}
          </p>
        </div>
        <div className="order-card__badges">
          <OrderStateBadge state={order.state} refunded={order.refundedAt !== null} />
          {hasFulfilment(order) ? <FulfilmentBadge fulfilment={order.fulfilment} /> : null}
        </div>
      </div>
      <dl className="order-card__facts">
        <div>
          <dt>Items</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd className="order-card__shipping">
            {order.shipping.name} {formatShippingPrice(order.shipping.price, order.currency)}
          </dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>Code</dt>
            <dd>
              {order.code} −{formatPrice(order.discount, order.currency)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Final amount</dt>
          <dd className="order-card__amount">{formatPrice(order.finalAmount, order.currency)}</dd>
        </div>
        {order.creditUsed > 0 ? (
          <div>
            <dt>Store credit</dt>
            <dd>
              −{formatPrice(order.creditUsed, order.currency)}
              <span className="order-card__charged">
                {' '}
                · Charged {formatPrice(chargedOf(order), order.currency)}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="order-card__actions">
        <button
          ref={ref}
          type="button"
          className="btn btn-outline-dark btn-sm"
          onClick={() => onOpen(order)}
          aria-label={`Detail of order ${orderName(order)}`}
        >
          Detail
        </button>
        <OrderActions order={order} />
      </div>
    </article>
  );
}
