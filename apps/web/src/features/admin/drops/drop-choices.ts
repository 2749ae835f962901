import { DROP_MODES, type DropMode } from '@shop/contracts';
import { MODE_LABELS } from './drops-view';

const MODE_HINTS: Record<DropMode, string> = {
  draw: 'Shoppers enter for a size while the entry is open; a verifiable draw picks the winners.',
  queue: 'A waiting room: the pre-queue is shuffled at the release, then shoppers are let in turn by turn.',
};

/** Draw or first come, each with what it means. */
export const MODE_CHOICES = DROP_MODES.map((mode) => ({
  value: mode,
  label: MODE_LABELS[mode],
  hint: MODE_HINTS[mode],
}));
