import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind } from '@shop/contracts';

const KIND_HINTS: Record<PromotionKind, string> = {
  percent: 'A whole percentage off the eligible pairs.',
  amount: 'An amount off the eligible pairs, never more than they cost.',
  free_shipping: 'The order ships for free; nothing is taken off the pairs.',
};

/** Percentage off, amount off or free shipping, each with what it means. */
export const KIND_CHOICES = PROMOTION_KINDS.map((kind) => ({
  value: kind,
  label: PROMOTION_KIND_LABELS[kind],
  hint: KIND_HINTS[kind],
}));
