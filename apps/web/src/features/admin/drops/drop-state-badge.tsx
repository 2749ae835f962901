import type { DropState } from '@shop/contracts';
import { StateBadge, type Tone } from '../shared/state-badge';
import { STATE_LABELS } from './drops-view';

const STATE_TONES: Record<DropState, Tone> = {
  scheduled: 'blue',
  entry_open: 'amber',
  pre_queue: 'amber',
  entry_closed: 'orange',
  drawn: 'green',
  live: 'green',
  finished: 'grey',
};

/** A drop's state in words on its colour. */
export function DropStateBadge({ state }: { state: DropState }) {
  return <StateBadge label={STATE_LABELS[state]} tone={STATE_TONES[state]} />;
}
