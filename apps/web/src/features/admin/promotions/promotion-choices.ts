import { PROMOTION_KINDS, promotionKind } from '@shop/contracts';

/** Each kind of promotion, with what it means, as the kinds' registry words them. */
export const KIND_CHOICES = PROMOTION_KINDS.map((kind) => ({
  value: kind,
  label: promotionKind(kind).label,
  hint: promotionKind(kind).hint,
}));
