import {
  formatPrice,
  type OrderReturn,
  orderName,
  RETURN_REASON_LABELS,
  type StaffReturn,
} from '@shop/contracts';
import { Link } from 'react-router';
import { ReturnSlipLink } from '../../../components/return-slip-link';
import { ReturnStateBadge } from '../../../components/return-state';
import { formatDay } from '../../../lib/dates';
import { useProviderLabel } from '../../../lib/payment-providers';
import { useAdminOrder } from '../orders/api/get-order';
import { deletedCustomerName, isDeletedCustomer } from '../orders/orders-view';
import { moneyBackWords } from '../orders/refund-words';
import { ReturnActions } from './return-actions';
import { orderHref, resolutionText, stateLabel } from './returns-view';

interface ReturnCardProps {
  orderReturn: StaffReturn;
  /** Hears the return as the server answered an action, with the currency of its order. */
  onDone: (what: 'approved' | 'rejected' | 'received', changed: OrderReturn, currency: string) => void;
}

/** A link to an order's detail, named by its number once the order is read ('Order' until then). */
function OrderLink({ orderId, className }: { orderId: string; className?: string }) {
  const order = useAdminOrder(orderId, undefined);
  return (
    <Link to={orderHref(orderId)} className={className}>
      {order.data ? orderName(order.data) : 'Order'}
    </Link>
  );
}

/** The order a return belongs to, and its buyer once the order is read. */
function ReturnOrder({ orderId }: { orderId: string }) {
  const order = useAdminOrder(orderId, undefined);
  const deleted = order.data ? isDeletedCustomer(order.data) : false;
  return (
    <>
      <div>
        <dt>Order</dt>
        <dd>
          <OrderLink orderId={orderId} className="admin-return__order" />
        </dd>
      </div>
      {order.data ? (
        <div className="admin-return__buyer">
          <dt>Buyer</dt>
          <dd>
            {deleted ? (
              deletedCustomerName(order.data)
            ) : (
              <>
                {order.data.user.username}{' '}
                <span className="admin-return__email">{order.data.user.email}</span>
              </>
            )}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * One return in the staff's list: number, date, order and buyer, the comment, the lines with their refund
 * or exchange size and reason, the staff's message or the refund (how much, and where it went) and
 * replacement once settled, and the actions its state allows.
 */
export function ReturnCard({ orderReturn, onDone }: ReturnCardProps) {
  const titleId = `admin-return-${orderReturn.id}`;
  const received = orderReturn.state === 'received';
  const tenderName = useProviderLabel();
  return (
    <article className={`admin-return admin-return--${orderReturn.state}`} aria-labelledby={titleId}>
      <div className="admin-return__head">
        <h3 id={titleId} className="admin-return__title">
          Return <span className="return-number">{orderReturn.number}</span>
        </h3>
        <ReturnStateBadge state={orderReturn.state} label={stateLabel(orderReturn.state)} />
      </div>
      <dl className="admin-return__facts">
        <div>
          <dt>Opened</dt>
          <dd>
            <time dateTime={orderReturn.createdAt}>{formatDay(orderReturn.createdAt)}</time>
          </dd>
        </div>
        <ReturnOrder orderId={orderReturn.orderId} />
        {orderReturn.comment ? (
          <div className="admin-return__reason">
            <dt>Comment</dt>
            <dd>
              <q className="admin-return__comment">{orderReturn.comment}</q>
            </dd>
          </div>
        ) : null}
      </dl>
      <ul className="admin-return__lines" aria-label={`Pairs in return ${orderReturn.number}`}>
        {orderReturn.lines.map((line) => (
          <li key={`${line.productId}-${line.size}`} className="admin-return__line">
            <span className="admin-return__pair">
              {line.count} × {line.name}, size {line.size}
            </span>
            <span className={`admin-return__resolution admin-return__resolution--${line.resolution}`}>
              {resolutionText(line)}
            </span>
            <span className="admin-return__line-reason">
              <span className="visually-hidden">Reason: </span>
              {RETURN_REASON_LABELS[line.reason]}
            </span>
            {line.restock !== null ? (
              <span className="admin-return__restock-state">
                {line.restock ? 'Back on sale' : 'Not back on sale'}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {orderReturn.state === 'rejected' && orderReturn.message ? (
        <p className="return-message admin-return__message">
          <strong>Told the buyer:</strong> {orderReturn.message}
        </p>
      ) : null}
      {received ? (
        <dl className="admin-return__settled">
          <div>
            <dt>Refunded</dt>
            <dd>
              {formatPrice(orderReturn.refundedAmount, orderReturn.currency)}
              {orderReturn.refundParts.length > 0 ? (
                <span className="admin-return__refund-parts">
                  {moneyBackWords(orderReturn.refundParts, tenderName, orderReturn.currency)}
                </span>
              ) : null}
            </dd>
          </div>
          {orderReturn.exchangeOrderId ? (
            <div>
              <dt>Exchange order</dt>
              <dd>
                <OrderLink orderId={orderReturn.exchangeOrderId} />
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="admin-return__foot">
        <ReturnSlipLink orderReturn={orderReturn} className="admin-return__slip" />
        <ReturnActions
          key={orderReturn.state}
          orderReturn={orderReturn}
          onDone={(what, changed) => onDone(what, changed, orderReturn.currency)}
        />
      </div>
    </article>
  );
}
