import './state-pill.css';
import './order-state.css';
import type { OrderState } from '@shop/contracts';

/**
 * The state in its colour (pending yellow, aprobed greenyellow, cancelled red), always with its word; a
 * refunded order (cancelled after it was paid) says so.
 */
export function OrderStateBadge({
  state,
  refunded = false,
  labelled = true,
}: {
  state: OrderState;
  refunded?: boolean;
  labelled?: boolean;
}) {
  return (
    <span className={`state-pill order-state order-state--${state}`}>
      {labelled ? <span className="visually-hidden">State: </span> : null}
      {state}
      {refunded ? <span className="order-state__refunded"> · refunded</span> : null}
    </span>
  );
}
