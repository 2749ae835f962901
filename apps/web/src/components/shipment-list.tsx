import './fulfilment.css';
import { CARRIER_LABELS, type Order, type Shipment } from '@shop/contracts';
import type { ReactNode } from 'react';
import { formatDay } from '../lib/dates';

/** What a parcel holds, by the order's names for its lines. */
function parcelLines(order: Order, shipment: Shipment) {
  return shipment.lines.map((line) => {
    const bought = order.products.find((item) => item.id === line.productId && item.size === line.size);
    return { key: `${line.productId}-${line.size}`, name: bought?.name ?? 'A pair', ...line };
  });
}

/**
 * The order's parcels: carrier, tracking number (a link to the carrier's page when the shop knows it),
 * what is in each, when it shipped and when it arrived. `action` adds a control to a parcel (staff mark
 * it delivered).
 */
export function ShipmentList({
  order,
  headingLevel = 3,
  label = 'Shipments',
  action,
}: {
  order: Order;
  headingLevel?: 3 | 4;
  /** The region's name: unique on the page, as several orders' parcels may show together. */
  label?: string;
  action?: (shipment: Shipment) => ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  if (order.shipments.length === 0) return null;
  return (
    <section className="shipment-list" aria-label={label}>
      <Heading className="shipment-list__title">Shipments</Heading>
      <ol className="shipment-list__items">
        {order.shipments.map((shipment, index) => (
          <li key={shipment.id} className="shipment-list__item">
            <p className="shipment-list__carrier">
              <span className="visually-hidden">Parcel {index + 1}: </span>
              {CARRIER_LABELS[shipment.carrier]}{' '}
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="order-id">
                  {shipment.trackingNumber}
                  <span className="visually-hidden"> (track the parcel, opens in a new tab)</span>
                </a>
              ) : (
                <span className="order-id">{shipment.trackingNumber}</span>
              )}
            </p>
            <ul className="shipment-list__lines">
              {parcelLines(order, shipment).map((line) => (
                <li key={line.key}>
                  {line.name}, size {line.size} × {line.count}
                </li>
              ))}
            </ul>
            <p className="shipment-list__dates">
              Shipped <time dateTime={shipment.shippedAt}>{formatDay(shipment.shippedAt)}</time>
              {' · '}
              {shipment.deliveredAt ? (
                <>
                  Delivered <time dateTime={shipment.deliveredAt}>{formatDay(shipment.deliveredAt)}</time>
                </>
              ) : (
                'On its way'
              )}
            </p>
            {action ? <div className="shipment-list__action">{action(shipment)}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
