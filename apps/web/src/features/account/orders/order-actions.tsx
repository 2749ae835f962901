import type { Order } from '@shop/contracts';
import { orderName } from '@shop/contracts';
import { useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../../../components/busy-label';
import { ConfirmModal, useAskFirst } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import { useCancelOrder } from '../api/cancel-order';
import { usePayOrder } from '../api/pay-order';

export const CANCEL_CONFIRM_TITLE = 'Are you sure?';

/**
 * What the owner can do with a pending order: pay it after all (the provider's payment page opens), or
 * cancel it (asked first; the units go back to stock and nothing is charged).
 */
export function OrderActions({ order, size = 'sm' }: { order: Order; size?: 'sm' | 'md' }) {
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const cancelling = useAskFirst();
  const [payFailure, setPayFailure] = useState<string | null>(null);

  if (order.state !== 'pending') return null;
  const small = size === 'sm' ? ' btn-sm' : '';
  // After a successful pay call the browser is on its way to the payment page.
  const leaving = pay.isPending || pay.isSuccess;

  const onPay = async () => {
    setPayFailure(null);
    try {
      await pay.mutateAsync(order._id);
    } catch (error) {
      setPayFailure(`We could not open the payment page: ${errorText(error)}`);
    }
  };

  const onConfirmCancel = () =>
    cancelling.confirm(
      async () => {
        await cancel.mutateAsync(order._id);
        cancelling.close();
      },
      (error) => `The order was not cancelled: ${errorText(error)}`,
    );

  return (
    <>
      <div className="order-actions">
        <button type="button" className={`btn btn-accent${small}`} disabled={leaving} onClick={onPay}>
          <BusyLabel busy={leaving} text="Pay now" busyText="Opening payment…" />
        </button>
        <button
          type="button"
          className={`btn btn-outline-danger${small}`}
          disabled={leaving}
          onClick={cancelling.ask}
        >
          Cancel order
        </button>
      </div>
      {payFailure ? (
        <AlertError message={payFailure} onClose={() => setPayFailure(null)} className="mt-2 mb-0" />
      ) : null}
      <ConfirmModal
        {...cancelling.dialog}
        title={CANCEL_CONFIRM_TITLE}
        confirmLabel="Cancel order"
        busyLabel="Cancelling…"
        cancelLabel="Keep order"
        onConfirm={onConfirmCancel}
      >
        <p className="mb-0">
          Order <span className="order-id">{orderName(order)}</span> will be cancelled: nothing is charged and
          the sneakers go back on sale.
        </p>
      </ConfirmModal>
    </>
  );
}
