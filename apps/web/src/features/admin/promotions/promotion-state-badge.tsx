import { PROMOTION_STATE_LABELS, type PromotionState } from '@shop/contracts';

/** A promotion's state in words on its colour; the colour never comes alone. */
export function PromotionStateBadge({ state }: { state: PromotionState }) {
  return (
    <span className={`admin-promotions__state admin-promotions__state--${state}`}>
      <span className="visually-hidden">State: </span>
      {PROMOTION_STATE_LABELS[state]}
    </span>
  );
}
