/**
 * Sizes across systems (issue 39), free of zod so any page can import them cheaply. The shop's size key
 * stays the US size ('9.5'): stock, carts and orders are kept in it. A size chart per brand and gender says
 * what each key is in the other systems; a product may sit a few half sizes off its brand's chart.
 */

/** The systems a chart gives: US (the key), UK, EU, foot length in centimetres, Japanese (millimetres). */
export const SIZE_SYSTEMS = ['US', 'UK', 'EU', 'CM', 'JP'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];

/** The systems a shopper may read sizes in. */
export const SHOPPER_SIZE_SYSTEMS = ['US', 'UK', 'EU', 'CM'] as const;
export type ShopperSizeSystem = (typeof SHOPPER_SIZE_SYSTEMS)[number];

/** A chart is for men or women; a unisex product (or one for both) is sized on the men's chart. */
export const CHART_GENDERS = ['men', 'women'] as const;
export type ChartGender = (typeof CHART_GENDERS)[number];

/** One size of a chart: the shop's key and what it is in each system, as the brand writes it. */
export type SizeChartRow = { key: string } & Record<SizeSystem, string>;

/** How a buyer says a shoe fits, in a review: it runs small, true to size, or runs large. */
export const FIT_ANSWERS = ['small', 'true', 'large'] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];

/** A product may run this many half sizes small or large of its brand's chart, at most. */
export const SIZE_SHIFT_MAX = 4;
/** The shifts a model may have, as the product forms offer them. */
export const SIZE_SHIFTS: readonly number[] = Array.from(
  { length: 2 * SIZE_SHIFT_MAX + 1 },
  (_, index) => index - SIZE_SHIFT_MAX,
);

const HALVES = ['', 'half a size', 'a size', 'one and a half sizes', 'two sizes'];

/** A shift in words: 0 'True to size', +1 'Runs half a size large', -2 'Runs a size small'. */
export function sizeShiftLabel(shift: number): string {
  if (shift === 0) return 'True to size';
  return `Runs ${HALVES[Math.abs(shift)] ?? `${Math.abs(shift) / 2} sizes`} ${shift > 0 ? 'large' : 'small'}`;
}

/** A chart holds at most this many sizes (the keys run from 3.5 to 18 in halves: 30). */
export const SIZE_CHART_ROWS_MAX = 40;
export const SIZE_CHART_SOURCE_MAX = 300;

/**
 * A size as a chart writes it: a number with at most two decimals, or adidas's thirds ('44 2/3'). Used
 * for every system's cells (a US or UK size, an EU size, centimetres, millimetres).
 */
export const SIZE_VALUE_PATTERN = /^\d{1,3}(\.\d{1,2})?( [12]\/3)?$/;

/** The chart a product of these genders is sized on. */
export function chartGenderOf(genders: readonly string[]): ChartGender {
  return genders.includes('women') && !genders.includes('men') && !genders.includes('unisex')
    ? 'women'
    : 'men';
}

/** A chart's cell as a number: '44 2/3' → 44.667, '27.5' → 27.5; NaN when it is not a size. */
export function sizeNumber(value: string): number {
  const text = value.trim();
  if (!SIZE_VALUE_PATTERN.test(text)) return Number.NaN;
  const [whole = '', third] = text.split(' ');
  return Number(whole) + (third ? Number(third[0]) / 3 : 0);
}

/** Two cells name the same size (a shopper's '44.67' is adidas's '44 2/3'). */
export function sameSize(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.02;
}

/** The key `halves` half sizes from `key` ('10', +1 → '10.5'), or null off the scale. */
export function shiftedKey(key: string, halves: number): string | null {
  const size = Number(key) + halves / 2;
  return size >= 3.5 && size <= 18 ? String(size) : null;
}

/**
 * The keys of a product that are `value` in `system`: the chart rows with that value, moved back by the
 * product's shift (a model that runs half a size large, shift +1, fits an EU 44 foot in its 9.5, the
 * chart's 10 less half a size). A US size on the chart is its own key.
 */
export function keysForSize(
  rows: readonly SizeChartRow[],
  system: SizeSystem,
  value: string,
  shift = 0,
): string[] {
  const wanted = sizeNumber(value);
  if (Number.isNaN(wanted)) return [];
  return rows
    .filter((row) => sameSize(sizeNumber(row[system]), wanted))
    .map((row) => shiftedKey(row.key, -shift))
    .filter((key): key is string => key !== null);
}

/**
 * What a key is labelled in every system: its chart's row. A product's shift does not change its labels
 * (the box of a US 10 says EU 44 however the model fits); it changes which key fits a foot (keysForSize).
 */
export function rowForKey(rows: readonly SizeChartRow[], key: string): SizeChartRow | undefined {
  return rows.find((row) => row.key === key);
}

/** A size as a system writes it: 'EU 44', 'US 10', 'CM 28'. */
export const sizeText = (system: string, value: string) => `${system} ${value}`;

/**
 * A size in the shopper's system with the shop's US key beside it where it helps: 'EU 44 (US 10)', or
 * 'US 10' (in US, or where the chart does not give the size). `size` is a chart row or a product page's size.
 */
export function sizeLabel(
  size: { key: string } & Partial<Record<ShopperSizeSystem, string | null>>,
  system: ShopperSizeSystem,
): string {
  const value = system === 'US' ? undefined : size[system];
  return value ? `${sizeText(system, value)} (US ${size.key})` : sizeText('US', size.key);
}

/** A key in the shopper's system from a chart's rows: 'EU 44 (US 10)', or 'US 10'. */
export function keyLabel(
  rows: readonly SizeChartRow[] | undefined,
  key: string,
  system: ShopperSizeSystem,
): string {
  const row = rows && rowForKey(rows, key);
  return sizeLabel(row ?? { key }, system);
}

/** A product page shows how buyers say it fits once this many have answered (decision 38). */
export const FIT_MIN_ANSWERS = 5;
/** ... and advice when this share of the answers agree. */
export const FIT_ADVICE_SHARE = 0.6;
/** A shopper's personal advice ("buyers who kept 10 in ... mostly kept 10.5 here") needs this many such buyers. */
export const SIZE_ADVICE_MIN_BUYERS = 5;
