import { RETURN_STATE_LABELS, type ReturnState } from '@shop/contracts';
import './state-pill.css';
import './return-state.css';

/**
 * A return's state in words on its colour; the colour never comes alone. The buyer reads the contracts'
 * labels ("Approved: send it back"); staff may give their own word for the state.
 */
export function ReturnStateBadge({ state, label }: { state: ReturnState; label?: string }) {
  return (
    <span className={`state-pill return-state return-state--${state}`}>
      <span className="visually-hidden">State: </span>
      {label ?? RETURN_STATE_LABELS[state]}
    </span>
  );
}
