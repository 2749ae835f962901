import { formatPrice } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { useProviderLabel } from '../../../lib/payment-providers';
import { moneyBackWords } from '../orders/refund-words';
import { BusyButton } from '../shared/busy-label';
import { QueryStatus } from '../shared/query-status';
import { useRefundPreview } from './api/get-refund-preview';
import { useReceiveReturn } from './api/receive-return';
import type { ReturnStepFormProps } from './returns-view';
import { restockByDefault } from './returns-view';

/** What confirming gives back and where, as the server would refund it now (read before anyone confirms). */
function RefundPreview({ orderReturn }: { orderReturn: ReturnStepFormProps['orderReturn'] }) {
  const preview = useRefundPreview(orderReturn.id);
  const tenderName = useProviderLabel();
  if (preview.isPending || preview.isError) {
    return <QueryStatus query={preview} what="what the receipt refunds" spacing="py-3" small />;
  }
  const { amount, parts } = preview.data;
  return (
    <p className="admin-return__preview" aria-live="polite">
      {amount > 0 ? (
        <>
          Confirming refunds <strong>{formatPrice(amount, orderReturn.currency)}</strong>:{' '}
          {moneyBackWords(parts, tenderName, orderReturn.currency)}.
        </>
      ) : (
        'Confirming refunds nothing: this order has nothing left to refund.'
      )}
    </p>
  );
}

/**
 * The parcel of an approved return is in: per line whether its pairs go back on sale (yes by default, no
 * for a line the buyer said arrived damaged), and what the receipt refunds and where before it is
 * confirmed. Receiving refunds the refund lines and makes the exchange lines a replacement order.
 */
export function ReceiveForm({ orderReturn, onDone, onCancel }: ReturnStepFormProps) {
  const id = useId();
  const receive = useReceiveReturn();
  const [restock, setRestock] = useState(() => orderReturn.lines.map(restockByDefault));
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const refunds = orderReturn.lines.some((line) => line.resolution === 'refund');
  const exchanges = orderReturn.lines.some((line) => line.resolution === 'exchange');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const lines = orderReturn.lines.map((line, index) => ({
      productId: line.productId,
      size: line.size,
      restock: restock[index] ?? false,
    }));
    try {
      onDone(await receive.mutateAsync({ id: orderReturn.id, lines }));
    } catch (error) {
      setFailure(`Return ${orderReturn.number} was not marked received: ${errorText(error)}`);
    }
  };

  return (
    <form className="admin-return__form" noValidate onSubmit={onSubmit}>
      <fieldset className="admin-return__restock">
        <legend className="form-label">Which pairs go back on sale?</legend>
        {orderReturn.lines.map((line, index) => (
          <div key={`${line.productId}-${line.size}`} className="form-check">
            <input
              ref={index === 0 ? first : undefined}
              id={`${id}-restock-${index}`}
              type="checkbox"
              className="form-check-input"
              checked={restock[index] ?? false}
              onChange={(event) =>
                setRestock((current) =>
                  current.map((value, at) => (at === index ? event.target.checked : value)),
                )
              }
            />
            <label htmlFor={`${id}-restock-${index}`} className="form-check-label">
              Back on sale: {line.count} × {line.name}, size {line.size}
            </label>
          </div>
        ))}
      </fieldset>
      {refunds ? <RefundPreview orderReturn={orderReturn} /> : null}
      <p className="shop-note">
        {exchanges ? 'The exchange lines become a replacement order to ship. ' : ''}
        This happens once.
      </p>
      {failure ? (
        <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-return__buttons">
        <BusyButton type="submit" className="btn btn-dark" busy={receive.isPending} busyText="Receiving…">
          Confirm receipt
        </BusyButton>
        <button
          type="button"
          className="btn btn-outline-dark"
          disabled={receive.isPending}
          onClick={onCancel}
        >
          Back
        </button>
      </div>
    </form>
  );
}
