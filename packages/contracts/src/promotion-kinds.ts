import { MAX_AMOUNT } from './constants';
import { formatPrice, fromCents, toCents } from './money';
import { isValidPrice } from './products-admin-rules';

/**
 * The kinds of promotion, each a strategy (docs/decisions/0032), as the payment providers are plug-ins:
 * what it takes off an order (the pricing function asks it), what value it holds and how that is kept,
 * how the staff's form asks for it, and how the shop words it. A new kind is one entry here (and a line
 * in PROMOTION_KINDS); the pricing, the checkout, the database's check, the staff's form and the cart
 * read it from here. This file imports no validation library: the checkout page prices with it.
 */

export const PROMOTION_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Where a kind's value is kept: the promotion's column and the smallest (and largest) it may hold. */
export type StoredValue =
  | { column: 'percent_off'; min: number; max: number }
  | { column: 'amount_off_cents'; min: number; max?: undefined };

export interface PromotionKindStrategy {
  /** Its name in the staff's choice of kind. */
  label: string;
  /** What it means, beside that choice. */
  hint: string;
  /** The value staff set, as the form asks for it; null when the kind takes none. */
  field: { label: string; wholeNumber: boolean } | null;
  /** Where the value is kept (in the unit the database holds); null when the kind takes none. */
  stored: StoredValue | null;
  /** The value as staff and the API write it (a percentage, dollars) to the unit kept, and back. */
  toStored(value: number | null): number | null;
  toWire(stored: number | null): number | null;
  /** Why a value staff sent does not fit the kind; undefined when it does. */
  valueIssue(value: number | null | undefined): string | undefined;
  /** Its offer in words: "20% off", "$15.00 off", "Free shipping"; amounts in `currency` (the shop's by default). */
  offer(value: number | null, currency?: string): string;
  /** What it takes off the eligible lines (worth `eligibleCents`), given the value kept; never more than them. */
  centsOff(stored: number | null, eligibleCents: number): number;
  /** Whether it makes the order ship for free. */
  freeShipping: boolean;
}

const noValue = (value: number | null | undefined, kindName: string) =>
  value === undefined || value === null || value === 0 ? undefined : `must be empty for ${kindName}`;

export const PROMOTION_KIND_STRATEGIES: Record<PromotionKind, PromotionKindStrategy> = {
  percent: {
    label: 'Percentage off',
    hint: 'A whole percentage off the eligible pairs.',
    field: { label: 'Percentage off (%)', wholeNumber: true },
    stored: { column: 'percent_off', min: 1, max: 100 },
    toStored: (value) => value,
    toWire: (stored) => stored,
    valueIssue: (value) =>
      value === undefined || value === null
        ? 'is required: a whole percentage from 1 to 100'
        : Number.isInteger(value) && value >= 1 && value <= 100
          ? undefined
          : 'must be a whole percentage from 1 to 100',
    offer: (value) => `${value ?? 0}% off`,
    centsOff: (stored, eligibleCents) => Math.round((eligibleCents * (stored ?? 0)) / 100),
    freeShipping: false,
  },
  amount: {
    label: 'Amount off',
    hint: 'An amount off the eligible pairs, never more than they cost.',
    field: { label: 'Amount off ($)', wholeNumber: false },
    stored: { column: 'amount_off_cents', min: 1 },
    toStored: (value) => (value === null ? null : toCents(value)),
    toWire: (stored) => (stored === null ? null : fromCents(stored)),
    valueIssue: (value) =>
      value === undefined || value === null
        ? `is required: an amount with at most 2 decimals, up to ${MAX_AMOUNT}`
        : isValidPrice(value)
          ? undefined
          : `must be an amount with at most 2 decimals, up to ${MAX_AMOUNT}`,
    offer: (value, currency) => `${formatPrice(value ?? 0, currency)} off`,
    centsOff: (stored, eligibleCents) => Math.min(stored ?? 0, eligibleCents),
    freeShipping: false,
  },
  free_shipping: {
    label: 'Free shipping',
    hint: 'The order ships for free; nothing is taken off the pairs.',
    field: null,
    stored: null,
    toStored: () => null,
    toWire: () => null,
    valueIssue: (value) => noValue(value, 'free shipping'),
    offer: () => 'Free shipping',
    centsOff: () => 0,
    freeShipping: true,
  },
};

/** The strategy of a kind. */
export function promotionKind(kind: PromotionKind): PromotionKindStrategy {
  return PROMOTION_KIND_STRATEGIES[kind];
}
