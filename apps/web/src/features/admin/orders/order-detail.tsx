import type { Order } from '@shop/contracts';
import { useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { CreditNoteLinks } from '../../../components/credit-note-links';
import { FulfilmentBadge } from '../../../components/fulfilment-badge';
import { OrderSummary } from '../../../components/order-summary';
import { OrderTimeline, ReplacementNote } from '../../../components/order-timeline';
import { ShipmentList } from '../../../components/shipment-list';
import { UserAvatar } from '../../../components/user-avatar';
import { useProviderLabel } from '../../../lib/payment-providers';
import { useFocusOnMount } from '../shared/focus';
import { OrderPapers, ShipToSection } from '../shared/order-papers';
import { QueryStatus } from '../shared/query-status';
import { MarkDeliveredButton } from '../to-ship/mark-delivered-button';
import { useAdminOrder } from './api/get-order';
import { AdminOrderActions } from './order-actions';
import { OrderPayments } from './order-payments';
import { deletedCustomerName, isDeletedCustomer, pairCount } from './orders-view';
import { moneyBackWords, refundedWhole } from './refund-words';

const DONE_TEXT = {
  cancelled: (order: Order) => {
    const pairs = pairCount(order);
    return `Order cancelled: nothing is charged and its ${pairs} ${pairs === 1 ? 'pair is' : 'pairs are'} back on sale.`;
  },
  refunded: (order: Order, tenderName: (tender: string) => string) =>
    `Refund sent: ${moneyBackWords(refundedWhole(order), tenderName, order.currency)}. The order is now cancelled.`,
};

/** One order for staff: customer, lines, total, state, and the actions its state allows; Back to the list. */
export function AdminOrderDetail({
  id,
  initial,
  onBack,
}: {
  id: string;
  initial: Order | undefined;
  onBack: () => void;
}) {
  const query = useAdminOrder(id, initial);
  const providerName = useProviderLabel();
  // Opening the detail takes the reader to it.
  const heading = useFocusOnMount();
  const doneBox = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState<string | null>(null);

  const order = query.data;
  return (
    <section className="admin-page admin-order-detail" aria-labelledby="admin-order-detail-heading">
      <button type="button" className="btn btn-outline-dark btn-sm admin-order-detail__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h2 id="admin-order-detail-heading" ref={heading} tabIndex={-1} className="admin-title mt-3">
        Order detail
      </h2>
      {query.isPending || query.isError || !order ? (
        <QueryStatus query={query} loading="Loading the order" what="this order" />
      ) : (
        <div className="admin-order-detail__body">
          <div ref={doneBox} tabIndex={-1} className="admin-order-detail__done">
            {done ? <AlertSuccess message={done} onClose={() => setDone(null)} className="mb-0" /> : null}
          </div>

          <section className="admin-order-detail__customer" aria-labelledby="admin-order-customer">
            <h3 id="admin-order-customer" className="admin-order-detail__label">
              Customer
            </h3>
            <div className="admin-order-detail__who">
              <UserAvatar image={order.user.image} name={order.user.username} size="md" />
              <div className="admin-order-detail__who-text">
                {isDeletedCustomer(order) ? (
                  <>
                    <p className="admin-order-detail__name">{deletedCustomerName(order)}</p>
                    <p className="admin-order-detail__email">No personal data is kept for this customer.</p>
                  </>
                ) : (
                  <>
                    <p className="admin-order-detail__name">{order.user.username}</p>
                    <p className="admin-order-detail__email">
                      <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
                    </p>
                  </>
                )}
              </div>
            </div>
          </section>

          <ReplacementNote order={order} />
          <OrderSummary
            order={order}
            payment={providerName(order.provider)}
            showShipTo={false}
            extraFacts={[
              { label: 'Pairs', value: pairCount(order) },
              { label: 'Shipping', value: <FulfilmentBadge fulfilment={order.fulfilment} /> },
            ]}
          />

          <section className="admin-order-detail__delivery" aria-labelledby="admin-order-delivery">
            <h3 id="admin-order-delivery" className="admin-order-detail__label">
              Delivery and papers
            </h3>
            <ShipToSection order={order} />
            <OrderPapers order={order} />
            <CreditNoteLinks order={order} className="staff-papers" />
          </section>

          <OrderPayments order={order} />
          <OrderTimeline order={order} tenderName={providerName} />

          <ShipmentList
            order={order}
            action={(shipment) => <MarkDeliveredButton orderId={order._id} shipment={shipment} />}
          />

          <div className="admin-order-detail__actions">
            <AdminOrderActions
              order={order}
              onDone={(what, after) => setDone(DONE_TEXT[what](after, providerName))}
              // The button that opened the dialog is gone with the state it acted on.
              onDialogGone={() => doneBox.current?.focus()}
            />
          </div>
        </div>
      )}
    </section>
  );
}
