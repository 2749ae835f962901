import { DROP_DEFAULTS, type Drop, type DropBody, type DropMode } from '@shop/contracts';
import { fromLocalInput, toLocalInput } from './drops-view';

/** The product a drop is of, as the picker shows it. */
export interface DropProductChoice {
  id: string;
  name: string;
  brand: string;
  card_picture: string;
}

/** The form's fields as typed: times as `datetime-local` values, numbers as text until sent. */
export interface DropFormValues {
  product: DropProductChoice | null;
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
export type DropFormErrors = Partial<Record<DropFormField, string>>;

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

/** A typed number as the API reads it; what is not a number goes as typed, to be refused with a reason. */
const numberOf = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};
/** A number field left empty is not sent: the API's default applies. */
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : numberOf(text));

/** The fields of one mode only: the API refuses a draw's entry times on a first-come drop and the reverse. */
function modeFields(values: DropFormValues) {
  if (values.mode === 'draw') {
    return {
      entryOpensAt: fromLocalInput(values.entryOpensAt),
      entryClosesAt: fromLocalInput(values.entryClosesAt),
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
  const releaseAt = fromLocalInput(values.releaseAt);
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
