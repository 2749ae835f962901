import './order-summary.css';
import { formatPrice, formatShippingPrice, fromCents, type Order, orderName, toCents } from '@shop/contracts';
import type { ReactNode } from 'react';
import { formatDay } from '../lib/dates';
import { OrderLines } from './order-lines';
import { OrderStateBadge } from './order-state';
import { ShipToAddress } from './ship-to-address';

export interface OrderFact {
  label: string;
  value: ReactNode;
}

interface OrderSummaryProps {
  order: Order;
  /** How the order was paid, as the page names the provider. */
  payment: ReactNode;
  /** Show the state (the shopper's and the staff's views do; the checkout result says it in its title). */
  showState?: boolean;
  /** Facts after the payment, such as the staff's pair count. */
  extraFacts?: OrderFact[];
  /** Show where it ships (the staff's order page shows it beside the order's papers instead). */
  showShipTo?: boolean;
}

/** The order's date as a term and its value: its first 10 characters (the day), as the spec shows it. */
export function OrderDateFact({ date }: { date: string }) {
  return (
    <div>
      <dt>Date</dt>
      <dd>
        <time dateTime={date}>{formatDay(date)}</time>
      </dd>
    </div>
  );
}

/** What the payment provider was asked for: the final amount less the store credit used. */
export const chargedOf = (order: Pick<Order, 'finalAmount' | 'creditUsed'>) =>
  fromCents(toCents(order.finalAmount) - toCents(order.creditUsed));

/**
 * One order as the shopper's account, the staff's orders and the checkout result show it: number, date
 * (first 10 characters, as the spec shows it), state, payment, the lines (count and total price each), the
 * discount code's amount off, the shipping (its method and price), the tax the shop collected (on top, or
 * the VAT the amount includes), the final amount, which includes them, and, when store credit paid part of it, the credit used and what was charged.
 */
export function OrderSummary({
  order,
  payment,
  showState = true,
  extraFacts = [],
  showShipTo = true,
}: OrderSummaryProps) {
  return (
    <>
      <dl className="order-summary__facts">
        <div className="order-summary__fact--wide">
          <dt>Order number</dt>
          <dd className="order-id">{orderName(order)}</dd>
        </div>
        <OrderDateFact date={order.date} />
        {showState ? (
          <div>
            <dt>State</dt>
            <dd>
              <OrderStateBadge state={order.state} refunded={order.refundedAt !== null} labelled={false} />
            </dd>
          </div>
        ) : null}
        {[{ label: 'Payment', value: payment }, ...extraFacts].map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {showShipTo && order.shipTo ? (
        <dl className="order-summary__facts">
          <div className="order-summary__fact--wide">
            <dt>Ship to</dt>
            <dd>
              <ShipToAddress to={order.shipTo} className="order-summary__address" />
            </dd>
          </div>
        </dl>
      ) : null}
      <OrderLines
        label="Products in this order"
        currency={order.currency}
        lines={order.products.map((line) => ({
          key: `${line.id}-${line.size}`,
          name: line.name,
          img: line.card_picture || line.img,
          size: line.size,
          productId: line.id,
          brand: line.brand,
          genders: line.gender,
          count: line.count,
          price: line.price,
          totalPrice: line.totalPrice,
          discount: line.discount,
        }))}
      />
      {order.discount > 0 ? (
        <p className="order-summary__shipping">
          <span>Discount{order.code ? ` (${order.code})` : ''}</span>
          <span data-testid="order-discount">−{formatPrice(order.discount, order.currency)}</span>
        </p>
      ) : null}
      <p className="order-summary__shipping">
        <span>
          Shipping <span className="order-summary__method">{order.shipping.name}</span>
        </span>
        <span data-testid="order-shipping">{formatShippingPrice(order.shipping.price, order.currency)}</span>
      </p>
      {order.tax.total > 0 && !order.tax.pricesIncludeTax ? (
        <p className="order-summary__shipping">
          <span>Tax</span>
          <span data-testid="order-tax">{formatPrice(order.tax.total, order.currency)}</span>
        </p>
      ) : null}
      <p className="order-summary__total">
        <span>Final amount</span>
        <span data-testid="order-final-amount">{formatPrice(order.finalAmount, order.currency)}</span>
      </p>
      {order.tax.total > 0 && order.tax.pricesIncludeTax ? (
        <p className="order-summary__shipping">
          <span>Includes VAT</span>
          <span data-testid="order-tax-included">{formatPrice(order.tax.total, order.currency)}</span>
        </p>
      ) : null}
      {order.creditUsed > 0 ? (
        <>
          <p className="order-summary__shipping">
            <span>Paid with store credit</span>
            <span data-testid="order-credit-used">−{formatPrice(order.creditUsed, order.currency)}</span>
          </p>
          <p className="order-summary__shipping">
            <span>Charged</span>
            <span data-testid="order-charged">{formatPrice(chargedOf(order), order.currency)}</span>
          </p>
        </>
      ) : null}
    </>
  );
}
