import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type Category,
  type Promotion,
  type PromotionCreate,
  type PromotionKind,
  promotionCreateSchema,
  promotionKind,
} from '@shop/contracts';
import { fromLocalInput, toLocalInput, numberOf as typedNumber } from '../shared/typed-values';
import type { FieldErrors } from '../shared/use-staff-form';

/** The form's fields as typed: numbers as text, times as `datetime-local` values in the browser's zone. */
export interface PromotionFormValues {
  code: string;
  kind: PromotionKind;
  value: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerCustomer: string;
  /** All products, or only those chosen (products, brands, categories). */
  scope: 'all' | 'some';
  productIds: string[];
  brands: Brand[];
  categories: Category[];
  appliesToDrops: boolean;
}

export type PromotionFormField =
  | 'code'
  | 'kind'
  | 'value'
  | 'minOrder'
  | 'startsAt'
  | 'endsAt'
  | 'totalUses'
  | 'usesPerCustomer'
  | 'eligible'
  | 'appliesToDrops';
export type PromotionFormErrors = FieldErrors<PromotionFormField>;

/** The order the fields come in, so the first one with a reason takes the focus. */
export const FIELD_ORDER: PromotionFormField[] = [
  'code',
  'kind',
  'value',
  'minOrder',
  'startsAt',
  'endsAt',
  'totalUses',
  'usesPerCustomer',
  'eligible',
  'appliesToDrops',
];

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  startsAt: '',
  endsAt: '',
  totalUses: '',
  usesPerCustomer: '',
  scope: 'all',
  productIds: [],
  brands: [],
  categories: [],
  appliesToDrops: false,
};

/** A time as the contracts read it: none when empty, the instant in UTC, or as typed to be refused. */
function instantOf(value: string): string | null {
  const instant = fromLocalInput(value);
  return instant === undefined ? value : instant;
}

const textOf = (value: number | null) => (value === null ? '' : String(value));
const isBrand = (value: string): value is Brand => (BRANDS as readonly string[]).includes(value);
const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

export function formValuesOf(promotion: Promotion): PromotionFormValues {
  const { productIds, brands, categories } = promotion.eligible;
  const some = productIds.length + brands.length + categories.length > 0;
  return {
    code: promotion.code,
    kind: promotion.kind,
    value: textOf(promotion.value),
    minOrder: promotion.minOrder > 0 ? String(promotion.minOrder) : '',
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    totalUses: textOf(promotion.totalUses),
    usesPerCustomer: textOf(promotion.usesPerCustomer),
    scope: some ? 'some' : 'all',
    productIds,
    brands: brands.filter(isBrand),
    categories: categories.filter(isCategory),
    appliesToDrops: promotion.appliesToDrops,
  };
}

/** A typed number as the API reads it; empty is none; what is not a number goes as typed, to be refused. */
const numberOf = (text: string) => (text.trim() === '' ? null : (typedNumber(text) as number));

/** The request body as the form holds it, before any check. */
function draftOf(values: PromotionFormValues): Record<string, unknown> {
  const eligible =
    values.scope === 'all'
      ? null
      : { productIds: values.productIds, brands: values.brands, categories: values.categories };
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: promotionKind(values.kind).field ? numberOf(values.value) : null,
    minOrder: numberOf(values.minOrder),
    startsAt: instantOf(values.startsAt),
    endsAt: instantOf(values.endsAt),
    totalUses: numberOf(values.totalUses),
    usesPerCustomer: numberOf(values.usesPerCustomer),
    eligible,
    appliesToDrops: values.appliesToDrops,
  };
}

/** The server's (and the contract's) field names to the form's: `eligible.brands.0` is the eligibility. */
export function formFieldOf(path: string): PromotionFormField | undefined {
  const head = path.split('.')[0] ?? '';
  return FIELD_ORDER.find((field) => field === head);
}

/**
 * The body to send, checked by the contracts' promotionCreateSchema so the form shows the server's own
 * words; and the form's own rule: "only some products" must name at least one product, brand or category.
 */
export function bodyOf(
  values: PromotionFormValues,
): { body: PromotionCreate } | { errors: PromotionFormErrors } {
  const errors: PromotionFormErrors = {};
  if (
    values.scope === 'some' &&
    values.productIds.length + values.brands.length + values.categories.length === 0
  )
    errors.eligible = 'must name at least one product, brand or category, or choose all products';
  const result = promotionCreateSchema.safeParse(draftOf(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return { body: result.data };
}

/** What the staff form needs of these values: the fields in order, the form's own check, the server's names. */
export const PROMOTION_FORM_RULES = { fields: FIELD_ORDER, bodyOf, fieldOf: formFieldOf };
