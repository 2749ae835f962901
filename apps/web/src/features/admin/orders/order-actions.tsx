import type { Order } from '@shop/contracts';
import { orderName } from '@shop/contracts';
import { useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import { useProviderLabel } from '../../../lib/payment-providers';
import { usePermissions } from '../../../lib/permissions';
import { useCancelOrder } from './api/cancel-order';
import { useRefundOrder } from './api/refund-order';
import { pairCount } from './orders-view';
import { leftToRefund, moneyBackWords, refundedWhole } from './refund-words';

export const CANCEL_TITLE = 'Cancel this order?';
export const REFUND_TITLE = 'Refund this order?';

const reason = (error: unknown) => errorText(error, 'Please try again.');

/** What each dialog says: its question and its two buttons. */
const DIALOG_WORDS = {
  cancel: {
    title: CANCEL_TITLE,
    confirmLabel: 'Cancel order',
    busyLabel: 'Cancelling…',
    cancelLabel: 'Keep order',
  },
  refund: {
    title: REFUND_TITLE,
    confirmLabel: 'Refund',
    busyLabel: 'Refunding…',
    cancelLabel: "Don't refund",
  },
};

/**
 * What staff can do with an order: cancel it while it is pending (its units go back on sale), or refund it
 * once paid (what is left goes back, store credit first, the rest through the provider; the pairs stay
 * sold). Each asks first, and the server's refusal shows in the dialog. `onDone` hears what happened.
 */
export function AdminOrderActions({
  order,
  onDone,
  onDialogGone,
}: {
  order: Order;
  onDone: (what: 'cancelled' | 'refunded', order: Order) => void;
  /** After a dialog that did its action has finished closing. */
  onDialogGone: () => void;
}) {
  const acted = useRef(false);
  const providerName = useProviderLabel();
  const afterDialog = () => {
    if (!acted.current) return;
    acted.current = false;
    onDialogGone();
  };
  const cancel = useCancelOrder();
  const refund = useRefundOrder();
  const [asking, setAsking] = useState<'cancel' | 'refund' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pairs = pairCount(order);

  const ask = (what: 'cancel' | 'refund') => {
    setFailure(null);
    setAsking(what);
  };

  const confirm = async (what: 'cancel' | 'refund') => {
    setFailure(null);
    try {
      const done = await (what === 'cancel' ? cancel : refund).mutateAsync(order._id);
      acted.current = true;
      setAsking(null);
      onDone(what === 'cancel' ? 'cancelled' : 'refunded', done);
    } catch (error) {
      setFailure(`The order was not ${what === 'cancel' ? 'cancelled' : 'refunded'}: ${reason(error)}`);
    }
  };

  /** A dialog's words, open while asked, with the action's progress and failure, Cancel and after. */
  const dialog = (what: 'cancel' | 'refund') => ({
    ...DIALOG_WORDS[what],
    show: asking === what,
    busy: (what === 'cancel' ? cancel : refund).isPending,
    error: asking === what ? failure : null,
    onConfirm: () => confirm(what),
    onCancel: () => setAsking(null),
    onExited: afterDialog,
  });

  return (
    <>
      <OrderActionChoices order={order} tenderName={providerName} onAsk={ask} />

      <ConfirmModal {...dialog('cancel')}>
        <p className="mb-0">
          Order <span className="admin-order-id">{orderName(order)}</span> of {order.user.username} will be
          cancelled: nothing is charged and its {pairs} {pairs === 1 ? 'pair goes' : 'pairs go'} back on sale.
        </p>
      </ConfirmModal>

      <ConfirmModal {...dialog('refund')}>
        <p>
          {order.user.username} gets back{' '}
          <strong>{moneyBackWords(leftToRefund(order), providerName, order.currency)}</strong>, and order{' '}
          <span className="admin-order-id">{orderName(order)}</span> becomes cancelled.
        </p>
        <p className="mb-0">
          Its {pairs} {pairs === 1 ? 'pair stays' : 'pairs stay'} sold: {pairs === 1 ? 'it does' : 'they do'}{' '}
          not go back on sale. A refund can only be made once.
        </p>
      </ConfirmModal>
    </>
  );
}

/**
 * The action the order's state allows (cancel while pending, refund once paid) when the member's role
 * allows it too, or why there is none.
 */
function OrderActionChoices({
  order,
  tenderName,
  onAsk,
}: {
  order: Order;
  tenderName: (tender: string) => string;
  onAsk: (what: 'cancel' | 'refund') => void;
}) {
  const permissions = usePermissions();
  if (order.state === 'pending' && !permissions.has('orders.cancel')) return null;
  if (order.state === 'aprobed' && !permissions.has('orders.refund')) return null;
  if (order.state === 'pending')
    return (
      <div className="admin-order-actions">
        <button type="button" className="btn btn-outline-danger" onClick={() => onAsk('cancel')}>
          Cancel order
        </button>
        <p className="admin-order-actions__hint">Not paid yet: cancelling puts its pairs back on sale.</p>
      </div>
    );
  if (order.state === 'aprobed')
    return (
      <div className="admin-order-actions">
        <button type="button" className="btn btn-outline-danger" onClick={() => onAsk('refund')}>
          Refund
        </button>
        <p className="admin-order-actions__hint">
          Paid: a refund returns {moneyBackWords(leftToRefund(order), tenderName, order.currency)}.
        </p>
      </div>
    );
  return (
    <p className="admin-order-actions__hint admin-order-actions__hint--alone">
      {order.refundedAt
        ? `Refunded on ${order.refundedAt.slice(0, 10)}, giving back ${moneyBackWords(refundedWhole(order), tenderName, order.currency)}. There is nothing left to do with it.`
        : 'This order is cancelled: there is nothing left to do with it.'}
    </p>
  );
}
