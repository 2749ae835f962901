import { DROP_DEFAULTS, type Drop, type DropBody, type DropMode } from '@shop/contracts';
import type { ProductChoice } from '../shared/product-picker';
import { fromLocalInput, numberOf, toLocalInput } from '../shared/typed-values';
import type { FieldErrors } from '../shared/use-staff-form';

/** The form's fields as typed: times as `datetime-local` values, numbers as text until sent. */
export interface DropFormValues {
  product: ProductChoice | null;
  mode: DropMode;
  releaseAt: string;
  entryOpensAt: string;
  entryClosesAt: string;
  purchaseWindowMinutes: string;
  preQueueMinutes: string;
  admissionPerMinute: string;
  perPersonLimit: string;
}

export type DropFormField = keyof DropFormValues;
export type DropFormErrors = FieldErrors<DropFormField>;

/** The order the fields come in, so the first one with a reason takes the focus. */
export const FIELD_ORDER: DropFormField[] = [
  'product',
  'mode',
  'releaseAt',
  'entryOpensAt',
  'entryClosesAt',
  'purchaseWindowMinutes',
  'preQueueMinutes',
  'admissionPerMinute',
  'perPersonLimit',
];

export const EMPTY_DROP_FORM: DropFormValues = {
  product: null,
  mode: 'draw',
  releaseAt: '',
  entryOpensAt: '',
  entryClosesAt: '',
  purchaseWindowMinutes: String(DROP_DEFAULTS.purchaseWindowMinutes),
  preQueueMinutes: String(DROP_DEFAULTS.preQueueMinutes),
  admissionPerMinute: '',
  perPersonLimit: String(DROP_DEFAULTS.perPersonLimit),
};

/** How long before the release a first-come drop's pre-queue opens, from the two instants the API gives. */
function preQueueMinutesOf(drop: Drop): string {
  if (!drop.preQueueOpensAt) return String(DROP_DEFAULTS.preQueueMinutes);
  const minutes = Math.round((Date.parse(drop.releaseAt) - Date.parse(drop.preQueueOpensAt)) / 60_000);
  return Number.isFinite(minutes) ? String(minutes) : String(DROP_DEFAULTS.preQueueMinutes);
}

export function formValuesOf(drop: Drop): DropFormValues {
  const { id, name, brand, card_picture } = drop.product;
  return {
    product: { id, name, brand, card_picture },
    mode: drop.mode,
    releaseAt: toLocalInput(drop.releaseAt),
    entryOpensAt: toLocalInput(drop.entryOpensAt),
    entryClosesAt: toLocalInput(drop.entryClosesAt),
    purchaseWindowMinutes: String(drop.purchaseWindowMinutes),
    preQueueMinutes: preQueueMinutesOf(drop),
    admissionPerMinute: drop.admissionPerMinute === null ? '' : String(drop.admissionPerMinute),
    perPersonLimit: String(drop.perPersonLimit),
  };
}

/** A number field left empty is not sent: the API's default applies. */
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : numberOf(text));
/** A time left empty (or unreadable) is not sent. */
const optionalInstant = (value: string) => fromLocalInput(value) ?? undefined;

/** The fields of one mode only: the API refuses a draw's entry times on a first-come drop and the reverse. */
function modeFields(values: DropFormValues) {
  if (values.mode === 'draw') {
    return {
      entryOpensAt: optionalInstant(values.entryOpensAt),
      entryClosesAt: optionalInstant(values.entryClosesAt),
      purchaseWindowMinutes: optionalNumber(values.purchaseWindowMinutes),
    };
  }
  return {
    preQueueMinutes: optionalNumber(values.preQueueMinutes),
    admissionPerMinute: optionalNumber(values.admissionPerMinute),
  };
}

/**
 * The request body of the form; the server validates it and says what is wrong, field by field. Only what
 * the form alone can tell is refused here: no product chosen, no release time.
 */
export function bodyOf(values: DropFormValues): { body: DropBody } | { errors: DropFormErrors } {
  const errors: DropFormErrors = {};
  if (!values.product) errors.product = 'is not chosen yet: find it by name and pick it';
  const releaseAt = optionalInstant(values.releaseAt);
  if (!releaseAt) errors.releaseAt = 'is required';
  if (!values.product || !releaseAt) return { errors };
  const fields = { perPersonLimit: optionalNumber(values.perPersonLimit), ...modeFields(values) };
  // Empty fields are left out; the others go as typed, and a wrong one comes back with its reason.
  const body = Object.fromEntries(
    Object.entries({ productId: values.product.id, mode: values.mode, releaseAt, ...fields }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as DropBody;
  return { body };
}

/** The server's field names to the form's (productId is the picker). */
export function formFieldOf(serverField: string): DropFormField | undefined {
  if (serverField === 'productId') return 'product';
  return FIELD_ORDER.find((field) => field === serverField);
}

/** What the staff form needs of these values: the fields in order, the form's own check, the server's names. */
export const DROP_FORM_RULES = { fields: FIELD_ORDER, bodyOf, fieldOf: formFieldOf };
