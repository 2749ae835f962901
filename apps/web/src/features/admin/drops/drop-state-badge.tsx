import type { DropState } from '@shop/contracts';
import { STATE_LABELS } from './drops-view';

/** A drop's state in words on its colour; the colour never comes alone. */
export function DropStateBadge({ state }: { state: DropState }) {
  return (
    <span className={`admin-drops__state admin-drops__state--${state}`}>
      <span className="visually-hidden">State: </span>
      {STATE_LABELS[state]}
    </span>
  );
}
