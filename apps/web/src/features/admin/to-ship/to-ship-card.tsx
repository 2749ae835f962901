import { type Order, orderName } from '@shop/contracts';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { ShipmentList } from '../../../components/shipment-list';
import { MarkDeliveredButton } from './mark-delivered-button';
import { ShipForm } from './ship-form';

const documentLink = (order: Order, kind: 'packing-slip' | 'invoice') =>
  `/api/orders/${encodeURIComponent(order._id)}/${kind}`;

/** Where the parcel goes, as the order holds it. */
function ShipTo({ order }: { order: Order }) {
  const to = order.shipTo;
  return (
    <section className="to-ship__address" aria-label={`Ship to, order ${orderName(order)}`}>
      <h4 className="to-ship__label">Ship to</h4>
      {to ? (
        <address className="mb-0">
          {to.name}
          <br />
          {to.address}
          <br />
          {[to.city, to.state].filter(Boolean).join(', ')}
          <br />
          {to.country}
          {to.phone ? (
            <>
              <br />
              {to.phone}
            </>
          ) : null}
        </address>
      ) : (
        <p className="mb-0">The address on the buyer’s account.</p>
      )}
    </section>
  );
}

/** One paid order to ship: when and who, where to, what is left, the form, its parcels and its papers. */
export function ToShipCard({ order, onShipped }: { order: Order; onShipped: (message: string) => void }) {
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
        <time dateTime={order.date}>{order.date.slice(0, 10)}</time> · {order.user.username}{' '}
        <span className="to-ship__email">({order.user.email})</span>
      </p>
      <div className="to-ship__body">
        <div className="to-ship__side">
          <ShipTo order={order} />
          <p className="to-ship__papers">
            <a href={documentLink(order, 'packing-slip')} target="_blank" rel="noopener">
              Packing slip
              <span className="visually-hidden"> of order {orderName(order)} (opens in a new tab)</span>
            </a>
            <a href={documentLink(order, 'invoice')} target="_blank" rel="noopener">
              Invoice
              <span className="visually-hidden"> of order {orderName(order)} (opens in a new tab)</span>
            </a>
          </p>
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
