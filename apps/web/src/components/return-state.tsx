import { RETURN_STATE_LABELS, type ReturnState } from '@shop/contracts';
import './return-state.css';

/** A return's state in words (the contracts' labels) on its colour; the colour never comes alone. */
export function ReturnStateBadge({ state }: { state: ReturnState }) {
  return (
    <span className={`return-state return-state--${state}`}>
      <span className="visually-hidden">State: </span>
      {RETURN_STATE_LABELS[state]}
    </span>
  );
}
