import { formatPrice, type Order } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { AlertError } from '../../../components/alert-error';
import { OrderLines } from '../../../components/order-lines';
import { OrderStateBadge } from '../../../components/order-state';
import { providerLabel } from '../../../lib/payment-providers';
import { useOrder } from '../api/get-order';
import { OrderActions } from './order-actions';

/** One order's lines (count and total price each) with Back to the list. */
export function OrderDetail({
  id,
  initial,
  onBack,
}: {
  id: string;
  initial: Order | undefined;
  onBack: () => void;
}) {
  const query = useOrder(id, initial);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening the detail takes the reader to it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="order-detail" aria-labelledby="order-detail-heading">
      <button type="button" className="btn btn-outline-dark btn-sm order-detail__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h2 id="order-detail-heading" ref={heading} tabIndex={-1} className="account-section-title mt-3">
        Order detail
      </h2>
      {query.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading the order</span>
        </div>
      ) : query.isError ? (
        <AlertError message={`We could not load this order: ${query.error.message}`} dismissible={false} />
      ) : (
        <div className="account-card">
          <dl className="order-detail__facts">
            <div className="order-detail__fact--wide">
              <dt>Order number</dt>
              <dd className="order-id">{query.data._id}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{query.data.date.slice(0, 10)}</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd>
                <OrderStateBadge
                  state={query.data.state}
                  refunded={query.data.refundedAt !== null}
                  labelled={false}
                />
              </dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>{providerLabel(query.data.provider)}</dd>
            </div>
          </dl>
          <OrderLines
            label="Products in this order"
            lines={query.data.products.map((line) => ({
              key: `${line.id}-${line.size}`,
              name: line.name,
              img: line.card_picture || line.img,
              size: line.size,
              count: line.count,
              price: line.price,
              totalPrice: line.totalPrice,
            }))}
          />
          <p className="order-detail__total">
            <span>Final amount</span>
            <span>{formatPrice(query.data.finalAmount)}</span>
          </p>
          <OrderActions order={query.data} size="md" />
        </div>
      )}
    </section>
  );
}
