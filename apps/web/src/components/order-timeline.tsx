import './order-timeline.css';
import { formatPrice, type Order, type OrderReturn, orderName, type PaymentEntry } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../lib/dates';

/** Where an order is shown: the buyer's and the staff's order detail both live at this address. */
const orderHref = (id: string) => `/account/orders?order=${encodeURIComponent(id)}`;

interface Step {
  at: string;
  key: string;
  text: ReactNode;
  /** The step's element id, for links to it (a return's opening). */
  anchor?: string;
}

/** What a ledger entry did, in words, in the order's currency: "Refund of $12.00 to Card". */
function paymentText(entry: PaymentEntry, tenderName: (tender: string) => string, currency: string): string {
  const amount = formatPrice(entry.amount, currency);
  switch (entry.kind) {
    case 'capture':
      return `Paid ${amount} by ${tenderName(entry.tender)}`;
    case 'credit_spend':
      return `Paid ${amount} with store credit`;
    case 'refund':
      return `Refund of ${amount} to ${tenderName(entry.tender)}`;
    case 'credit_back':
      return `Refund of ${amount} as store credit`;
  }
}

/** How a decided return was decided, by the state it went on to. */
const decision = (state: OrderReturn['state']) =>
  state === 'rejected' ? 'rejected' : state === 'cancelled' ? 'cancelled' : 'approved';

/**
 * The order's returns as steps: opened, approved (or rejected, cancelled), received, and the replacement
 * order an exchange created.
 */
function returnSteps(order: Order): Step[] {
  return order.returns.flatMap((ret) => {
    const steps: Step[] = [
      {
        at: ret.createdAt,
        key: `${ret.id}-opened`,
        text: `Return ${ret.number} opened`,
        anchor: `return-${ret.id}`,
      },
    ];
    if (ret.decidedAt) {
      steps.push({
        at: ret.decidedAt,
        key: `${ret.id}-decided`,
        text: `Return ${ret.number} ${decision(ret.state)}`,
      });
    }
    if (ret.receivedAt) {
      steps.push({ at: ret.receivedAt, key: `${ret.id}-received`, text: `Return ${ret.number} received` });
    }
    if (ret.receivedAt && ret.exchangeOrderId && ret.exchangeOrderNumber !== null) {
      steps.push({
        at: ret.receivedAt,
        key: `${ret.id}-exchange`,
        text: (
          <>
            Exchange order{' '}
            <Link to={orderHref(ret.exchangeOrderId)}>{orderName({ number: ret.exchangeOrderNumber })}</Link>{' '}
            created for return {ret.number}
          </>
        ),
      });
    }
    return steps;
  });
}

/** Every step of the order's story, oldest first (a stable sort keeps same-time steps in their order). */
export function orderSteps(order: Order, tenderName: (tender: string) => string): Step[] {
  const steps: Step[] = [
    { at: order.date, key: 'placed', text: `Order ${orderName(order)} placed` },
    ...order.payments.map((entry, index) => ({
      at: entry.at,
      key: `payment-${index}`,
      text: paymentText(entry, tenderName, order.currency),
    })),
    ...order.shipments.flatMap((shipment) => [
      { at: shipment.shippedAt, key: `${shipment.id}-shipped`, text: 'Shipped' },
      ...(shipment.deliveredAt
        ? [{ at: shipment.deliveredAt, key: `${shipment.id}-delivered`, text: 'Delivered' }]
        : []),
    ]),
    ...returnSteps(order),
  ];
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * An order's story after its sale, for the buyer and the staff: placed, paid, shipped, each return opened,
 * decided and received, each refund by tender from the payments ledger, each exchange's replacement order. Shown
 * once something came back (a return or a refund); before that the order's facts say it all.
 */
export function OrderTimeline({
  order,
  tenderName,
}: {
  order: Order;
  tenderName: (tender: string) => string;
}) {
  if (order.returns.length === 0 && order.refundedAmount === 0) return null;
  return (
    <section className="order-timeline" aria-labelledby={`order-timeline-${order._id}`}>
      <h3 id={`order-timeline-${order._id}`} className="order-timeline__title">
        History
      </h3>
      <ol className="order-timeline__steps">
        {orderSteps(order, tenderName).map((step) => (
          <li key={step.key} id={step.anchor} className="order-timeline__step">
            <time dateTime={step.at} className="order-timeline__date">
              {formatDay(step.at)}
            </time>
            <span className="order-timeline__text">{step.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A size exchange's replacement names what it replaces: "Replaces pairs of order #12, return R-3". */
export function ReplacementNote({ order }: { order: Order }) {
  const { replaces } = order;
  if (!replaces) return null;
  return (
    <p className="order-timeline__replaces">
      Replaces pairs of order{' '}
      <Link to={orderHref(replaces.orderId)}>{orderName({ number: replaces.orderNumber })}</Link>, return{' '}
      <Link to={`${orderHref(replaces.orderId)}#return-${replaces.returnId}`}>{replaces.returnNumber}</Link>
    </p>
  );
}
