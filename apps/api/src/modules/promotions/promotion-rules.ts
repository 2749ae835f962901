import {
  formatPrice,
  fromCents,
  type PricedDiscount,
  type Promotion,
  type PromotionKind,
  type PromotionState,
  promotionKind,
} from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import type { PromotionRow } from './promotions.repository';

/** Where a promotion stands at `now`: its status, then its dates, then its uses. */
export function stateOf(row: PromotionRow, now: Date): PromotionState {
  if (row.status === 'paused' || row.status === 'archived') return row.status;
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.totalUses !== null && row.uses >= row.totalUses) return 'used_up';
  return 'active';
}

/** The value a promotion keeps, in its kind's unit (a percentage, cents), from the column its kind names. */
export function storedValueOf(
  row: Pick<PromotionRow, 'kind' | 'percentOff' | 'amountOffCents'>,
): number | null {
  const stored = promotionKind(row.kind).stored;
  if (!stored) return null;
  return stored.column === 'percent_off' ? row.percentOff : row.amountOffCents;
}

/** The columns that keep a kind's value (the other one empty), from the value in the kind's unit. */
export function columnsOfValue(kind: PromotionKind, stored: number | null) {
  const column = promotionKind(kind).stored?.column;
  return {
    percentOff: column === 'percent_off' ? stored : null,
    amountOffCents: column === 'amount_off_cents' ? stored : null,
  };
}

/** The promotion's value as staff and the API write it (a percentage, dollars), or null. */
export function wireValueOf(
  row: Pick<PromotionRow, 'kind' | 'percentOff' | 'amountOffCents'>,
): number | null {
  return promotionKind(row.kind).toWire(storedValueOf(row));
}

/** The promotion's effect, for the pricing function. */
export function discountOf(row: PromotionRow): PricedDiscount {
  return { kind: row.kind, value: storedValueOf(row) };
}

/** Whether it is for some products, brands or categories only (else for every line). */
export function isRestricted(row: Pick<PromotionRow, 'productIds' | 'brands' | 'categories'>): boolean {
  return row.productIds.length > 0 || row.brands.length > 0 || row.categories.length > 0;
}

/** A cart line as a promotion judges it. */
export interface JudgedLine {
  productId: string;
  brand: string;
  categories: string[];
  /** A drop's product: eligible only when the promotion applies to drops. */
  inDrop: boolean;
}

export function isEligible(row: PromotionRow, line: JudgedLine): boolean {
  if (line.inDrop && !row.appliesToDrops) return false;
  if (!isRestricted(row)) return true;
  return (
    row.productIds.includes(line.productId) ||
    row.brands.includes(line.brand) ||
    line.categories.some((category) => row.categories.includes(category))
  );
}

/** "20% off your order", "$15.00 off eligible pairs", "Free shipping"; amounts in the shop's `currency`. */
export function summaryOf(row: PromotionRow, currency: string): string {
  const kind = promotionKind(row.kind);
  const offer = kind.offer(wireValueOf(row), currency);
  if (kind.freeShipping) return offer;
  return `${offer} ${isRestricted(row) ? 'eligible pairs' : 'your order'}`;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const when = (date: Date) => `${WHEN.format(date)} UTC`;

/** The refusals a shopper reads, each naming the `code` field with its short reason; amounts in `currency`. */
export const refusal = {
  notFound: (code: string) =>
    new AppError('PROMOTION_NOT_FOUND', `There is no discount code ${code}; check the spelling`, {
      code: 'is not a discount code',
    }),
  inactive: (row: PromotionRow) =>
    new AppError(
      'PROMOTION_INACTIVE',
      row.status === 'paused'
        ? `The code ${row.code} is paused for now`
        : `The code ${row.code} is no longer valid`,
      { code: 'is not active' },
    ),
  notStarted: (row: PromotionRow, startsAt: Date) =>
    new AppError('PROMOTION_NOT_STARTED', `The code ${row.code} starts on ${when(startsAt)}`, {
      code: 'has not started yet',
    }),
  expired: (row: PromotionRow, endsAt: Date) =>
    new AppError('PROMOTION_EXPIRED', `The code ${row.code} expired on ${when(endsAt)}`, {
      code: 'has expired',
    }),
  usedUp: (row: PromotionRow) =>
    new AppError('PROMOTION_USED_UP', `The code ${row.code} has been used as many times as it may`, {
      code: 'is used up',
    }),
  alreadyUsed: (row: PromotionRow) =>
    new AppError(
      'PROMOTION_ALREADY_USED',
      row.usesPerCustomer === 1
        ? `You have already used the code ${row.code}`
        : `You have already used the code ${row.code} ${row.usesPerCustomer} times, as often as one customer may`,
      { code: 'was already used by you' },
    ),
  notEligible: (row: PromotionRow, dropsOnly: boolean) =>
    new AppError(
      'PROMOTION_NOT_ELIGIBLE',
      dropsOnly
        ? `The code ${row.code} does not apply to limited releases (drops)`
        : `Nothing in your cart is eligible for the code ${row.code}`,
      { code: 'applies to nothing in the cart' },
    ),
  belowMinimum: (row: PromotionRow, linesCents: number, currency: string) => {
    const minimum = formatPrice(fromCents(row.minOrderCents), currency);
    return new AppError(
      'PROMOTION_BELOW_MINIMUM',
      `The code ${row.code} needs an order of at least ${minimum}; your pairs come to ${formatPrice(fromCents(linesCents), currency)}`,
      { code: `needs an order of ${minimum} or more` },
    );
  },
};

/** A promotion as staff see it, with its paid figures in cents. */
export function toPromotionWire(
  row: PromotionRow,
  figures: { discountedCents: number; salesCents: number },
  now: Date,
): Promotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: wireValueOf(row),
    minOrder: fromCents(row.minOrderCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    usesPerCustomer: row.usesPerCustomer,
    eligible: { productIds: row.productIds, brands: row.brands, categories: row.categories },
    appliesToDrops: row.appliesToDrops,
    status: row.status,
    state: stateOf(row, now),
    uses: row.uses,
    discounted: fromCents(figures.discountedCents),
    sales: fromCents(figures.salesCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
