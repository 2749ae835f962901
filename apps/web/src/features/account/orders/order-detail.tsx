import type { Order } from '@shop/contracts';
import { AlertError } from '../../../components/alert-error';
import { CreditNoteLinks } from '../../../components/credit-note-links';
import { DetailFrame } from '../../../components/detail-frame';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { LoadingSpinner } from '../../../components/loading-cards';
import { OrderSummary } from '../../../components/order-summary';
import { OrderTimeline, ReplacementNote } from '../../../components/order-timeline';
import { ShipmentList } from '../../../components/shipment-list';
import { useProviderLabel } from '../../../lib/payment-providers';
import { useOrder } from '../api/get-order';
import { OrderActions } from './order-actions';
import { hasFulfilment } from './order-card';
import { OrderReturns } from './returns/order-returns';

/** A paid order has an invoice, and so does one refunded after its payment. */
const invoiced = (order: Order) => order.state === 'aprobed' || order.refundedAt !== null;

interface OrderDetailProps {
  id: string;
  /** The order as the list has it, shown until its own read answers. */
  initial: Order | undefined;
  onBack: () => void;
}

/** One order's lines (count and total price each) with Back to the list. */
export function OrderDetail({ id, initial, onBack }: OrderDetailProps) {
  const query = useOrder(id, initial);
  const providerLabel = useProviderLabel();

  return (
    <DetailFrame
      block="order-detail"
      title="Order detail"
      titleClassName="account-section-title"
      onBack={onBack}
    >
      {query.isPending ? (
        <LoadingSpinner label="Loading the order" className="py-5" spinnerClassName="text-dark" />
      ) : query.isError ? (
        <AlertError message={`We could not load this order: ${query.error.message}`} dismissible={false} />
      ) : (
        <div className="shop-card">
          <ReplacementNote order={query.data} />
          <OrderSummary
            order={query.data}
            payment={providerLabel(query.data.provider)}
            extraFacts={
              hasFulfilment(query.data)
                ? [{ label: 'Shipping', value: <FulfilmentBadge fulfilment={query.data.fulfilment} /> }]
                : []
            }
          />
          <ShipmentList order={query.data} />
          <OrderTimeline order={query.data} tenderName={providerLabel} />
          {invoiced(query.data) ? (
            <p className="order-detail__invoice">
              <a
                href={`/api/orders/${encodeURIComponent(query.data._id)}/invoice`}
                target="_blank"
                rel="noopener"
                className="btn btn-outline-dark btn-sm"
              >
                Invoice<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          <CreditNoteLinks order={query.data} linkClassName="btn btn-outline-dark btn-sm" />
          <OrderActions order={query.data} size="md" />
          <OrderReturns order={query.data} />
        </div>
      )}
    </DetailFrame>
  );
}
