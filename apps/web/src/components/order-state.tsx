import './order-state.css';
import type { OrderState } from '@shop/contracts';

/** The state in its colour (pending yellow, aprobed greenyellow, cancelled red), always with its word. */
export function OrderStateBadge({ state, labelled = true }: { state: OrderState; labelled?: boolean }) {
  return (
    <span className={`order-state order-state--${state}`}>
      {labelled ? <span className="visually-hidden">State: </span> : null}
      {state}
    </span>
  );
}
