import {
  CREATE_FORM_SIZES,
  type Gender,
  PRODUCT_MESSAGES,
  type ProductCreate,
  type ProductPictures,
  productCreateSchema,
  sizeKey,
} from '@shop/contracts';
import { EDIT_FIELDS } from './product-edit-fields';
import type { ProductCreateBody } from './products-api';

/**
 * The create form's rules (spec section 5, 'Product create form'): every field is checked by the
 * contracts' productCreateSchema, so the form shows the texts the server would answer; the form adds the
 * spec's own stock rule (a chosen size may not have 0 units) and refuses a field that is a single space.
 */

/** Spec section 5: a chosen size with no units. */
export const ZERO_STOCK_MESSAGE = PRODUCT_MESSAGES.zeroStock;

export interface SizeChoice {
  size: string;
  on: boolean;
  units: string;
}

export interface CreateValues {
  name: string;
  brand: string;
  color: string;
  gender: string;
  category: string;
  release_date: string;
  price: string;
  /** The price before the sale; empty when not on sale. */
  compareAtPrice: string;
  taxCategory: string;
  /** How the model fits against its brand's chart, in half sizes ('0': true to size). */
  sizeShift: string;
  /** The EAN or UPC on the box; empty when there is none. */
  gtin: string;
  description: string;
  sizes: SizeChoice[];
}

/** The create form's text fields: the same as the edit form's. */
export const CREATE_TEXT_FIELDS = EDIT_FIELDS;
export type CreateTextField = (typeof CREATE_TEXT_FIELDS)[number];
/** Where a message shows: a field, the sizes block, or the picture. */
export type CreateField = CreateTextField | 'stock' | 'picture';
export type CreateErrors = Partial<Record<CreateField, string>>;

export const emptyCreateValues = (): CreateValues => ({
  name: '',
  brand: '',
  color: '',
  gender: '',
  category: '',
  release_date: '',
  price: '',
  compareAtPrice: '',
  taxCategory: 'standard',
  sizeShift: '0',
  gtin: '',
  description: '',
  sizes: CREATE_FORM_SIZES.map((size) => ({ size: sizeKey(size), on: false, units: '' })),
});

const PICTURE_FIELDS = new Set(['card_picture', 'detail_picture', 'original_picture']);

/** The form field a contract (or server) field name belongs to; null when it is none of the form's. */
export function createFieldOf(path: string): CreateField | null {
  const head = path.split('.')[0] ?? '';
  if (PICTURE_FIELDS.has(head)) return 'picture';
  if (head === 'stock') return 'stock';
  return (CREATE_TEXT_FIELDS as readonly string[]).includes(head) ? (head as CreateTextField) : null;
}

/** A size's units as typed ('' is none; a disabled field may read as undefined). */
function units(text: string | undefined): number {
  const typed = (text ?? '').trim();
  return typed === '' ? Number.NaN : Number(typed);
}

function stockProblem(sizes: SizeChoice[]): string | null {
  const chosen = sizes.filter((choice) => choice.on);
  if (chosen.length === 0) return PRODUCT_MESSAGES.sizes;
  if (chosen.some((choice) => Number.isNaN(units(choice.units)) || units(choice.units) === 0))
    return ZERO_STOCK_MESSAGE;
  return null;
}

export interface CreateCheck {
  errors: CreateErrors;
  /** True when some field is exactly one space (Send stays disabled, spec section 4). */
  singleSpace: boolean;
  /** What to send, once nothing is wrong. */
  body: ProductCreateBody | null;
}

/** What is sent: the spec's payload, with the compare-at price only when the product is on sale. */
function bodyOf(data: ProductCreate, gender: Gender): ProductCreateBody {
  const { compareAtPrice, gtin, ...fields } = data;
  return {
    ...fields,
    ...(compareAtPrice == null ? {} : { compareAtPrice }),
    ...(gtin == null ? {} : { gtin }),
    gender,
  };
}

export function checkCreate(values: CreateValues, pictures: ProductPictures | null): CreateCheck {
  const errors: CreateErrors = {};
  const stock = Object.fromEntries(
    values.sizes.filter((choice) => choice.on).map((choice) => [choice.size, units(choice.units)]),
  );
  const problem = stockProblem(values.sizes);
  if (problem) errors.stock = problem;

  const result = productCreateSchema.safeParse({
    name: values.name,
    brand: values.brand,
    category: values.category ? [values.category] : [],
    color: values.color,
    gender: values.gender,
    stock,
    card_picture: pictures?.card_picture,
    detail_picture: pictures?.detail_picture,
    original_picture: pictures?.original_picture,
    release_date: values.release_date,
    price: values.price,
    compareAtPrice: values.compareAtPrice,
    taxCategory: values.taxCategory,
    sizeShift: Number(values.sizeShift),
    gtin: values.gtin,
    description: values.description,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = createFieldOf(issue.path.map(String).join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const singleSpace = [
    ...CREATE_TEXT_FIELDS.map((field) => values[field]),
    ...values.sizes.map((s) => s.units),
  ].some((value) => value === ' ');
  const ok = result.success && Object.keys(errors).length === 0 && !singleSpace;
  return {
    errors,
    singleSpace,
    body: ok ? bodyOf(result.data, values.gender as Gender) : null,
  };
}
