import type { ShippingMethodBody, StaffShippingMethod } from '@shop/contracts';
import { numberOf } from '../shared/typed-values';
import type { FieldErrors } from '../shared/use-staff-form';

/** The form's fields as typed: text, so a half-typed amount stays as it is until it is sent. */
export interface ShippingFormValues {
  name: string;
  price: string;
  freeAbove: string;
  countries: string;
  minDays: string;
  maxDays: string;
  taxCategory: string;
  active: boolean;
}

export type ShippingFormField = keyof ShippingFormValues;

/** The order the fields come in, so the first one with a reason takes the focus. */
export const FIELD_ORDER: ShippingFormField[] = [
  'name',
  'price',
  'freeAbove',
  'countries',
  'minDays',
  'maxDays',
  'taxCategory',
  'active',
];

export const EMPTY_SHIPPING_FORM: ShippingFormValues = {
  name: '',
  price: '',
  freeAbove: '',
  countries: '',
  minDays: '',
  maxDays: '',
  taxCategory: 'standard',
  active: true,
};

export function formValuesOf(method: StaffShippingMethod): ShippingFormValues {
  return {
    name: method.name,
    price: String(method.price),
    freeAbove: method.freeAbove === null ? '' : String(method.freeAbove),
    countries: method.countries.join(', '),
    minDays: method.estimateDays ? String(method.estimateDays[0]) : '',
    maxDays: method.estimateDays ? String(method.estimateDays[1]) : '',
    taxCategory: method.taxCategory,
    active: method.active,
  };
}

/**
 * The request body of the form; the server validates it (and says what is wrong, field by field). Only
 * what the form alone can tell is refused here: one of the two estimate days without the other.
 */
export function bodyOf(
  values: ShippingFormValues,
): { body: ShippingMethodBody } | { errors: FieldErrors<ShippingFormField> } {
  const min = values.minDays.trim();
  const max = values.maxDays.trim();
  if ((min === '') !== (max === '')) {
    const missing = min === '' ? 'minDays' : 'maxDays';
    return { errors: { [missing]: 'give both numbers of days, or neither' } };
  }
  const countries = values.countries
    .split(/[\s,;]+/)
    .map((code) => code.trim())
    .filter((code) => code !== '');
  // Sent as typed: a wrong value comes back refused with the field's reason.
  const body = {
    name: values.name,
    price: numberOf(values.price),
    freeAbove: values.freeAbove.trim() === '' ? null : numberOf(values.freeAbove),
    countries,
    estimateDays: min === '' ? null : [numberOf(min), numberOf(max)],
    taxCategory: values.taxCategory,
    active: values.active,
  } as ShippingMethodBody;
  return { body };
}

/** The server's field names (name, price, countries.2, estimateDays.0…) to the form's fields. */
export function formFieldOf(serverField: string): ShippingFormField | undefined {
  if (serverField === 'estimateDays' || serverField === 'estimateDays.0') return 'minDays';
  if (serverField === 'estimateDays.1') return 'maxDays';
  if (serverField.startsWith('countries')) return 'countries';
  const known: ShippingFormField[] = ['name', 'price', 'freeAbove', 'taxCategory', 'active'];
  return known.find((field) => field === serverField);
}

/** The reason for a country in the list: which one it is, so staff find it among many. */
export function countryReason(serverField: string, reason: string, values: ShippingFormValues): string {
  const match = /^countries\.(\d+)$/.exec(serverField);
  if (!match) return reason;
  const codes = values.countries.split(/[\s,;]+/).filter((code) => code.trim() !== '');
  const code = codes[Number(match[1])];
  return code ? `"${code}" ${reason}` : reason;
}

/** What the staff form needs of these values: the fields in order, the form's own check, the server's names. */
export const SHIPPING_FORM_RULES = {
  fields: FIELD_ORDER,
  bodyOf,
  fieldOf: formFieldOf,
  reasonOf: countryReason,
};
