import { DROP_MODES, type DropMode } from '@shop/contracts';
import { ChoiceGroup } from '../shared/choice-group';
import { MODE_LABELS } from './drops-view';

const MODE_HINTS: Record<DropMode, string> = {
  draw: 'Shoppers enter for a size while the entry is open; a verifiable draw picks the winners.',
  queue: 'A waiting room: the pre-queue is shuffled at the release, then shoppers are let in turn by turn.',
};

const MODE_CHOICES = DROP_MODES.map((mode) => ({
  value: mode,
  label: MODE_LABELS[mode],
  hint: MODE_HINTS[mode],
}));

interface ModeChoiceProps {
  id: string;
  value: DropMode;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (mode: DropMode) => void;
}

/** Draw or first come, each with what it means. */
export function ModeChoice({ id, value, error, inputRef, onChange }: ModeChoiceProps) {
  return (
    <ChoiceGroup
      id={id}
      legend="How it sells"
      errorLabel="Mode"
      choices={MODE_CHOICES}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
      className="admin-field--wide"
      listClassName="admin-drops__modes"
      itemClassName="admin-drops__mode"
      bold
    />
  );
}
