import { PROMOTION_STATE_LABELS, type PromotionState } from '@shop/contracts';
import { StateBadge, type Tone } from '../shared/state-badge';

const STATE_TONES: Record<PromotionState, Tone> = {
  active: 'green',
  scheduled: 'blue',
  paused: 'amber',
  used_up: 'grey',
  ended: 'grey',
  archived: 'red',
};

/** A promotion's state in words on its colour. */
export function PromotionStateBadge({ state }: { state: PromotionState }) {
  return <StateBadge label={PROMOTION_STATE_LABELS[state]} tone={STATE_TONES[state]} />;
}
