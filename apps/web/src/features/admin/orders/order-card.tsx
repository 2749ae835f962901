import { formatPrice, formatShippingPrice, type Order, orderName } from '@shop/contracts';
import type { Ref } from 'react';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { OrderStateBadge } from '../../../components/order-state';
import { OrderDateFact } from '../../../components/order-summary';
import { UserAvatar } from '../../../components/user-avatar';
import { useProviderLabel } from '../../../lib/payment-providers';
import { deletedCustomerName, isDeletedCustomer, pairCount } from './orders-view';

interface AdminOrderCardProps {
  order: Order;
  onOpen: (order: Order) => void;
  /** The Detail button, so focus can come back to it from the detail view. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * One order in the staff's list: its number, date, customer, state, provider, final amount and pairs, and
 * a note to review its tax when the tax engine failed and the rate table priced it (decision 34).
 */
export function AdminOrderCard({ order, onOpen, ref }: AdminOrderCardProps) {
  const pairs = pairCount(order);
  const deleted = isDeletedCustomer(order);
  const providerName = useProviderLabel();
  return (
    <article
      className={`admin-card admin-order-card admin-order-card--${order.state}`}
      aria-labelledby={`admin-order-${order._id}`}
    >
      <div className="admin-order-card__head">
        <h3 id={`admin-order-${order._id}`} className="admin-order-card__title">
          <span className="visually-hidden">Order</span>{' '}
          <span className="admin-order-id">{orderName(order)}</span>
        </h3>
        <div className="admin-order-card__badges">
          <OrderStateBadge state={order.state} refunded={order.refundedAt !== null} />
          {order.state === 'aprobed' || order.shipments.length > 0 ? (
            <FulfilmentBadge fulfilment={order.fulfilment} />
          ) : null}
        </div>
      </div>
      <div className="admin-order-card__customer">
        <UserAvatar image={order.user.image} name={order.user.username} size="sm" />
        <div className="admin-order-card__who">
          <p className="admin-order-card__name">
            <span className="visually-hidden">Customer: </span>
            {deleted ? deletedCustomerName(order) : order.user.username}
          </p>
          {deleted ? null : <p className="admin-order-card__email">{order.user.email}</p>}
        </div>
      </div>
      <dl className="admin-terms admin-order-card__facts">
        <OrderDateFact date={order.date} />
        <div>
          <dt>Payment</dt>
          <dd>{providerName(order.provider)}</dd>
        </div>
        <div className="admin-order-card__fact--wide">
          <dt>Shipping</dt>
          <dd className="admin-order-card__shipping">
            {order.shipping.name} {formatShippingPrice(order.shipping.price, order.currency)}
          </dd>
        </div>
        <div>
          <dt>Pairs</dt>
          <dd>{pairs}</dd>
        </div>
        <div>
          <dt>Final amount</dt>
          <dd className="admin-order-card__amount">{formatPrice(order.finalAmount, order.currency)}</dd>
        </div>
      </dl>
      {order.tax.source === 'fallback' ? (
        <p className="admin-order-card__tax-review">
          Tax from the rate table: the tax service failed, review
        </p>
      ) : null}
      <button
        ref={ref}
        type="button"
        className="btn btn-outline-dark btn-sm admin-order-card__open"
        onClick={() => onOpen(order)}
        aria-label={`Detail of order ${orderName(order)}`}
      >
        Detail
      </button>
    </article>
  );
}
