import './fulfilment.css';
import { FULFILMENT_LABELS, type FulfilmentState } from '@shop/contracts';

/**
 * How much of a paid order left the warehouse, beside (never instead of) the spec's state: its words
 * always with it, the colour only a hint.
 */
export function FulfilmentBadge({ fulfilment }: { fulfilment: FulfilmentState }) {
  return (
    <span className={`fulfilment-badge fulfilment-badge--${fulfilment}`}>
      <span className="visually-hidden">Shipping: </span>
      {FULFILMENT_LABELS[fulfilment]}
    </span>
  );
}
