import {
  BRANDS,
  CATEGORIES,
  COLORS,
  collapseSpaces,
  formatPrice,
  GENDERS,
  PRODUCT_MESSAGES,
  type ProductPictures,
  productEditFields,
  SIZE_SHIFTS,
  sizeShiftLabel,
  TAX_CATEGORIES,
  toCents,
} from '@shop/contracts';
import type { AdminProduct, ProductChanges } from './products-api';

/**
 * The Product Details form's rules (spec section 5, 'Product edit form'): each field is checked by the
 * contracts' edit rule, the one PUT /api/products/modify/:id applies, so the texts are the server's and a
 * size may hold 0 units (sold out); the create form's 'every size has units' is not applied here. The edit form says 'Invalid character' for
 * the name, as the spec quotes it.
 */

export const EDIT_FIELDS = [
  'name',
  'brand',
  'color',
  'gender',
  'category',
  'release_date',
  'price',
  'compareAtPrice',
  'taxCategory',
  'sizeShift',
  'gtin',
  'description',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditValues = Record<EditField, string>;

export const EDIT_LABELS: Record<EditField, string> = {
  name: 'Name',
  brand: 'Brand',
  color: 'Color',
  gender: 'Gender',
  category: 'Category',
  release_date: 'Release date',
  price: 'Price',
  compareAtPrice: 'Compare-at price (optional)',
  taxCategory: 'Tax category',
  sizeShift: 'Fit',
  gtin: 'GTIN (optional)',
  description: 'Description',
};

/** What a field's hint under it says, for the fields that have one. */
export const EDIT_HINTS: Partial<Record<EditField, string>> = {
  compareAtPrice: 'Shown struck through when above the price; leave empty when not on sale.',
  taxCategory:
    "Standard unless the law sets another rate for it (children's shoes are zero-rated in the UK, for one).",
  sizeShift:
    "How the model fits against its brand's size chart: a shopper's size then finds the size that fits them.",
  gtin: 'The EAN or UPC on the box (8, 12, 13 or 14 digits): shopping listings show it; leave empty when there is none.',
};

/** The choices of the fields edited with a list; '' is the spec's 'none', which is refused. */
export const EDIT_OPTIONS: Partial<Record<EditField, readonly string[]>> = {
  brand: BRANDS,
  color: COLORS,
  gender: GENDERS,
  category: CATEGORIES,
  taxCategory: TAX_CATEGORIES,
  sizeShift: SIZE_SHIFTS.map(String),
};

/** How a list shows a choice: the fit in words, the others capitalised. */
export function optionLabel(field: EditField, option: string): string {
  if (field === 'sizeShift') return option === '' ? 'none' : sizeShiftLabel(Number(option));
  return option ? option.charAt(0).toUpperCase() + option.slice(1) : 'none';
}

export function editValues(product: AdminProduct): EditValues {
  return {
    name: product.name,
    brand: product.brand,
    color: product.color,
    gender: product.gender[0] ?? '',
    category: product.category[0] ?? '',
    release_date: product.release_date.slice(0, 10),
    price: String(product.price),
    compareAtPrice: product.compareAtPrice === null ? '' : String(product.compareAtPrice),
    taxCategory: product.taxCategory,
    sizeShift: String(product.sizeShift),
    gtin: product.gtin ?? '',
    description: product.description,
  };
}

/** The value as the rule takes it: gender and category as lists, the fit as a number of half sizes. */
function asList(field: EditField, value: string): unknown {
  if (field === 'gender' || field === 'category') return value ? [value] : [];
  if (field === 'sizeShift') return value.trim() === '' ? Number.NaN : Number(value);
  return value;
}

function parseField(field: EditField, value: string) {
  return productEditFields[field].safeParse(asList(field, value));
}

/** The message for a field's value, or null when the server would take it. */
export function editFieldError(field: EditField, value: string): string | null {
  const result = parseField(field, value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? PRODUCT_MESSAGES.nameLength;
  return message === PRODUCT_MESSAGES.nameCharacter ? PRODUCT_MESSAGES.brandCharacter : message;
}

/**
 * The most a compare-at price may be as the reference of a reduction (EU Omnibus directive, Art. 6a): the
 * lowest price of the 30 days before the price it is shown beside took effect. With the price kept, that
 * is the stored prior price (or the price itself, the only one the product has had); with a new price,
 * which takes effect on save, the lowest price of the last 30 days, the current one included.
 */
function lowestReference(product: AdminProduct, values: EditValues): number {
  const price = productEditFields.price.safeParse(values.price);
  const priceKept = !price.success || toCents(price.data) === toCents(product.price);
  return priceKept ? (product.priorPrice ?? product.price) : product.lowestPrice30d;
}

/**
 * The warning under the compare-at price when it is above the lowest price of the last 30 days (a
 * warning, not a refusal: the save goes through); null when it is not, or empty, or refused anyway.
 */
export function compareAtWarning(product: AdminProduct, values: EditValues): string | null {
  if (values.compareAtPrice.trim() === '') return null;
  const compareAt = productEditFields.compareAtPrice.safeParse(values.compareAtPrice);
  const price = productEditFields.price.safeParse(values.price);
  if (!compareAt.success || compareAt.data == null || !price.success || compareAt.data <= price.data)
    return null;
  const lowest = lowestReference(product, values);
  if (toCents(compareAt.data) <= toCents(lowest)) return null;
  return `Compare-at ${formatPrice(compareAt.data)} is above the lowest price of the last 30 days (${formatPrice(lowest)}): the EU allows only that lowest price as the reference`;
}

/** Whether the value differs from what is stored (double spaces are ignored, as the rules say). */
export const isChanged = (base: EditValues, values: EditValues, field: EditField) =>
  collapseSpaces(values[field]) !== collapseSpaces(base[field]);

/** One stock line of the editor: a size and its units as typed. */
export interface StockLine {
  size: string;
  units: string;
  /** Added in this editing session (not stored yet), so it may still be taken away. */
  added: boolean;
}

export function stockLines(stock: Record<string, number>): StockLine[] {
  return Object.entries(stock)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([size, units]) => ({ size, units: String(units), added: false }));
}

const unitsOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The message for a line's units, or null when they may be saved ('stock cannot be less than 0'). */
export function stockLineError(line: StockLine): string | null {
  const result = productEditFields.stock.safeParse({ [line.size]: unitsOf(line.units) });
  return result.success ? null : (result.error.issues[0]?.message ?? PRODUCT_MESSAGES.stock);
}

export const isLineChanged = (line: StockLine, stock: Record<string, number>) =>
  line.added || unitsOf(line.units) !== stock[line.size];

/** Only what changed, in the shape PUT /api/products/modify/:id takes; null while anything is wrong. */
export function editChanges(
  product: AdminProduct,
  values: EditValues,
  lines: StockLine[],
  pictures: ProductPictures | null,
): ProductChanges | null {
  const base = editValues(product);
  const changes: Record<string, unknown> = {};
  for (const field of EDIT_FIELDS) {
    if (!isChanged(base, values, field)) continue;
    const result = parseField(field, values[field]);
    if (!result.success) return null;
    changes[field] = result.data;
  }
  const stock: Record<string, number> = {};
  for (const line of lines) {
    if (!isLineChanged(line, product.stock)) continue;
    if (stockLineError(line)) return null;
    stock[line.size] = unitsOf(line.units);
  }
  if (Object.keys(stock).length > 0) changes.stock = stock;
  if (pictures) Object.assign(changes, pictures);
  return changes as ProductChanges;
}
