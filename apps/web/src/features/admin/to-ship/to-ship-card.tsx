import { estimateText, formatShippingPrice, orderName, type PackingOrder } from '@shop/contracts';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { ShipmentList } from '../../../components/shipment-list';
import { formatDay } from '../../../lib/dates';
import { OrderPapers, ShipToSection } from '../shared/order-papers';
import { MarkDeliveredButton } from './mark-delivered-button';
import { ShipForm } from './ship-form';

/** The shipping service the buyer paid for: the method, its price and the delivery it promises. */
function PaidService({ order }: { order: PackingOrder }) {
  const { shipping } = order;
  return (
    <section className="to-ship__service" aria-label={`Shipping service, order ${orderName(order)}`}>
      <h4 className="staff-label">Shipping service</h4>
      <p className="fw-semibold">{shipping.name}</p>
      <p>Paid: {formatShippingPrice(shipping.price, order.currency)}</p>
      <p>Delivery: {estimateText(shipping.estimateDays) ?? 'no estimate promised'}</p>
    </section>
  );
}

/** One paid order to ship: when and who, where to, the service paid for, what is left, the form, its parcels and its papers. */
export function ToShipCard({
  order,
  onShipped,
}: {
  order: PackingOrder;
  onShipped: (message: string) => void;
}) {
  const titleId = `to-ship-${order._id}`;
  return (
    <article className="to-ship__card" aria-labelledby={titleId}>
      <div className="to-ship__head">
        <h3 id={titleId} className="to-ship__title">
          Order {orderName(order)}
        </h3>
        <FulfilmentBadge fulfilment={order.fulfilment} />
      </div>
      <p className="to-ship__meta">
        <time dateTime={order.date}>{formatDay(order.date)}</time> · {order.user.username}{' '}
        <span className="to-ship__email">({order.user.email})</span>
      </p>
      <div className="to-ship__body">
        <div className="to-ship__side">
          <ShipToSection order={order} />
          <PaidService order={order} />
          <OrderPapers order={order} />
        </div>
        {/* A new parcel changes what is left: the form starts again from the order as it now is. */}
        <ShipForm key={order.shipments.length} order={order} onShipped={onShipped} />
      </div>
      <ShipmentList
        order={order}
        headingLevel={4}
        label={`Shipments of order ${orderName(order)}`}
        action={(shipment) => <MarkDeliveredButton orderId={order._id} shipment={shipment} />}
      />
    </article>
  );
}
