import { type Order, orderName } from '@shop/contracts';
import { ShipToAddress } from '../../../components/ship-to-address';

const documentLink = (order: Order, kind: 'packing-slip' | 'invoice') =>
  `/api/orders/${encodeURIComponent(order._id)}/${kind}`;

/** Where the parcel goes, as the order holds it. */
export function ShipToSection({ order, headingLevel = 4 }: { order: Order; headingLevel?: 3 | 4 }) {
  const to = order.shipTo;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="staff-ship-to" aria-label={`Ship to, order ${orderName(order)}`}>
      <Heading className="staff-label">Ship to</Heading>
      {to ? (
        <ShipToAddress to={to} className="mb-0" />
      ) : (
        <p className="mb-0">The address on the buyer’s account.</p>
      )}
    </section>
  );
}

/**
 * The order's printable papers, each in a new tab: the packing slip while the order is paid (shipped or
 * not), the invoice once it was paid (refunded too).
 */
export function OrderPapers({ order }: { order: Order }) {
  const paid = order.state === 'aprobed';
  if (!paid && order.refundedAt === null) return null;
  return (
    <p className="staff-papers">
      {paid ? (
        <a href={documentLink(order, 'packing-slip')} target="_blank" rel="noopener">
          Packing slip
          <span className="visually-hidden"> of order {orderName(order)} (opens in a new tab)</span>
        </a>
      ) : null}
      <a href={documentLink(order, 'invoice')} target="_blank" rel="noopener">
        Invoice<span className="visually-hidden"> of order {orderName(order)} (opens in a new tab)</span>
      </a>
    </p>
  );
}
