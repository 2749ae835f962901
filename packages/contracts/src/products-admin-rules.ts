/** Product create and edit rules and their texts (spec section 5), free of zod so any page can import them. */
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MAX_AMOUNT,
  RELEASE_YEAR_MAX,
  RELEASE_YEAR_MIN,
} from './constants';

/** Characters refused in a product's name, brand and collection. */
export const PRODUCT_TEXT_FORBIDDEN = /[{}<>=@/\\]/;
/** The most units of one size the shop keeps (a bound that keeps the figure inside the database's integers). */
export const MAX_STOCK_UNITS = 1_000_000;
/** The largest product picture the shop takes: `POST /api/uploads/product` refuses more with 413. */
export const MAX_PRODUCT_PICTURE_BYTES = 10 * 1024 * 1024;
/** Product pictures are uploaded to the shop (POST /api/uploads/product): `/uploads/products/<folder>/card.webp`. */
export const PRODUCT_PICTURE_PATTERN =
  /^\/uploads\/products\/[a-z0-9]+(?:-[a-z0-9]+)*\/(card|detail|original)\.webp$/;

export const PRODUCT_MESSAGES = {
  nameLength: 'Must be between 3 and 50 characters in length',
  nameCharacter: 'The name contains an invalid character',
  collectionCharacter: 'The collection contains an invalid character',
  brandCharacter: 'Invalid character',
  brand: 'choose a brand',
  color: 'choose a color',
  gender: 'choose a gender',
  description: `Must be between ${DESCRIPTION_MIN} and ${DESCRIPTION_MAX} characters in length`,
  releaseDate: 'Invalid Date',
  price: 'Invalid response',
  category: 'Select almost 1 category',
  sizes: 'Select almost 1 size',
  size: 'Sizes go from 3.5 to 18 in half steps',
  stock: 'stock cannot be less than 0',
  /** The create form: every size chosen must have units (spec section 5). */
  zeroStock: 'All the sizes must have an stock most of 0',
  picture: 'Upload an image',
} as const;

/** What the GTIN field says when a number is not one: its length, or its check digit. */
export const GTIN_MESSAGE = 'must be a GTIN of 8, 12, 13 or 14 digits with a valid check digit';

/** A GTIN as staff type it, without the spaces and hyphens printed labels put in it. */
export const gtinDigits = (text: string) => text.replace(/[\s-]/g, '');

/**
 * Whether `digits` is a GTIN (GTIN-8, UPC-A's 12, EAN-13, GTIN-14) whose last digit is the GS1 check digit:
 * from the right, the digits before it weigh 3, 1, 3, ...; the check digit brings the sum to a multiple of 10.
 */
export function isGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** Double spaces are ignored: runs of spaces become one, and the ends are trimmed. */
export function collapseSpaces(text: string): string {
  return text.replace(/ {2,}/g, ' ').trim();
}

/** Half sizes 3.5 to 18. */
export function isValidSize(size: number): boolean {
  return Number.isFinite(size) && size >= 3.5 && size <= 18 && Number.isInteger(size * 2);
}

/** A positive amount with at most 2 decimals, small enough to fit the database in cents. */
export function isValidPrice(price: number): boolean {
  if (!Number.isFinite(price) || price <= 0 || price > MAX_AMOUNT) return false;
  return Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;
}

/** A calendar date `YYYY-MM-DD` whose year is 1900 to 2100. */
export function isValidReleaseDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < RELEASE_YEAR_MIN || year > RELEASE_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
