import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind } from '@shop/contracts';
import { ChoiceGroup } from '../shared/choice-group';

const KIND_HINTS: Record<PromotionKind, string> = {
  percent: 'A whole percentage off the eligible pairs.',
  amount: 'An amount off the eligible pairs, never more than they cost.',
  free_shipping: 'The order ships for free; nothing is taken off the pairs.',
};

const KIND_CHOICES = PROMOTION_KINDS.map((kind) => ({
  value: kind,
  label: PROMOTION_KIND_LABELS[kind],
  hint: KIND_HINTS[kind],
}));

interface KindChoiceProps {
  id: string;
  value: PromotionKind;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (kind: PromotionKind) => void;
}

/** Percentage off, amount off or free shipping, each with what it means. */
export function KindChoice({ id, value, error, inputRef, onChange }: KindChoiceProps) {
  return (
    <ChoiceGroup
      id={id}
      legend="What it takes off"
      errorLabel="Kind"
      choices={KIND_CHOICES}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
      className="admin-field--wide"
      listClassName="admin-promotions__kinds"
      bold
    />
  );
}
