import { formatPrice, type OrderReturn, RETURN_REASON_LABELS } from '@shop/contracts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ConfirmModal, useAskFirst } from '../../../../components/confirm-modal';
import { ReturnSlipLink } from '../../../../components/return-slip-link';
import { ReturnStateBadge } from '../../../../components/return-state';
import { errorText } from '../../../../lib/api';
import { formatDay } from '../../../../lib/dates';
import type { SizeLabelOf } from '../../../../lib/size-labels';
import { useCancelReturn } from '../../api/cancel-return';
import { canCancelReturn } from './return-rules';

export const CANCEL_RETURN_TITLE = 'Cancel this return?';

/** One line of a return: the pair, how many, and the refund or the size it is exchanged for. */
function lineText(line: OrderReturn['lines'][number], labelOf: SizeLabelOf): string {
  const exchange = line.exchangeSize === null ? '?' : labelOf(line.productId, line.exchangeSize);
  const what = line.resolution === 'exchange' ? `exchange for size ${exchange}` : 'refund';
  return `Size ${labelOf(line.productId, line.size)} · ${line.count} × ${what} · ${RETURN_REASON_LABELS[line.reason]}`;
}

/**
 * One of the order's returns as its buyer sees it: number, state, comment, lines with their reasons, and once received the
 * refund and the replacement order; the staff's words when they refused it; "Cancel return" while it is
 * requested or approved (asked first). Its refund is in its order's `currency`.
 */
export function OrderReturnItem({
  orderReturn,
  currency,
  labelOf,
}: {
  orderReturn: OrderReturn;
  currency: string;
  /** A size as the shopper reads it. */
  labelOf: SizeLabelOf;
}) {
  const cancel = useCancelReturn();
  const cancelling = useAskFirst();
  const titleId = `order-return-${orderReturn.id}`;
  // Once cancelled, the button that opened the dialog is gone: the focus goes to the return's title.
  const title = useRef<HTMLHeadingElement>(null);
  const cancelled = useRef(false);

  const onConfirm = () =>
    cancelling.confirm(
      async () => {
        await cancel.mutateAsync(orderReturn.id);
        cancelled.current = true;
        cancelling.close();
      },
      (error) => `The return was not cancelled: ${errorText(error)}`,
    );

  return (
    <article className={`order-return order-return--${orderReturn.state}`} aria-labelledby={titleId}>
      <div className="order-return__head">
        <h4 id={titleId} ref={title} tabIndex={-1} className="order-return__title">
          Return <span className="return-number">{orderReturn.number}</span>
        </h4>
        <ReturnStateBadge state={orderReturn.state} />
      </div>
      <p className="order-return__meta">
        Opened <time dateTime={orderReturn.createdAt}>{formatDay(orderReturn.createdAt)}</time>
        {orderReturn.comment ? <> · “{orderReturn.comment}”</> : null}
      </p>
      <ul className="order-return__lines" aria-label={`Pairs in return ${orderReturn.number}`}>
        {orderReturn.lines.map((line) => (
          <li key={`${line.productId}-${line.size}`}>
            <span className="order-return__name">{line.name}</span> <span>{lineText(line, labelOf)}</span>
          </li>
        ))}
      </ul>
      {orderReturn.lines.some((line) => line.resolution === 'refund') ? (
        <p className="order-return__meta" data-testid="return-refund-to">
          Refund {orderReturn.refundTo === 'credit' ? 'as store credit' : 'back to your original payment'}
        </p>
      ) : null}
      {orderReturn.state === 'rejected' && orderReturn.message ? (
        <p className="return-message order-return__message">
          <strong>Why it was refused:</strong> {orderReturn.message}
        </p>
      ) : null}
      {orderReturn.state === 'received' ? (
        <ReceivedFacts orderReturn={orderReturn} currency={currency} />
      ) : null}
      <div className="order-return__actions">
        {orderReturn.state === 'requested' || orderReturn.state === 'approved' ? (
          <ReturnSlipLink orderReturn={orderReturn} className="btn btn-link btn-sm" />
        ) : null}
        {canCancelReturn(orderReturn) ? (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={`Cancel return ${orderReturn.number}`}
            onClick={cancelling.ask}
          >
            Cancel return
          </button>
        ) : null}
      </div>
      <ConfirmModal
        {...cancelling.dialog}
        title={CANCEL_RETURN_TITLE}
        confirmLabel="Cancel return"
        busyLabel="Cancelling…"
        cancelLabel="Keep return"
        onConfirm={onConfirm}
        onExited={() => {
          if (cancelled.current) title.current?.focus();
          cancelled.current = false;
        }}
      >
        <p className="mb-0">
          Return {orderReturn.number} will be withdrawn; you keep the pairs, and a size held for an exchange
          goes back on sale.
        </p>
      </ConfirmModal>
    </article>
  );
}

/** A received return: the money refunded and the replacement order, when there are. */
function ReceivedFacts({ orderReturn, currency }: { orderReturn: OrderReturn; currency: string }) {
  return (
    <dl className="order-return__facts">
      {orderReturn.receivedAt ? (
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={orderReturn.receivedAt}>{formatDay(orderReturn.receivedAt)}</time>
          </dd>
        </div>
      ) : null}
      {orderReturn.refundedAmount > 0 ? (
        <div>
          <dt>Refunded</dt>
          <dd>{formatPrice(orderReturn.refundedAmount, currency)}</dd>
        </div>
      ) : null}
      {orderReturn.exchangeOrderId ? (
        <div>
          <dt>Exchange</dt>
          <dd>
            <Link to={`/account/orders?order=${encodeURIComponent(orderReturn.exchangeOrderId)}`}>
              Your replacement order
            </Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
