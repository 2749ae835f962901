import type { TaxCategory, TaxRate, TaxRateBody } from '@shop/contracts';
import { numberOf } from '../shared/typed-values';
import type { FieldErrors } from '../shared/use-staff-form';

/** The rate form's fields as typed: a half-typed rate or date stays as it is until it is sent. */
interface RateFormValues {
  country: string;
  region: string;
  category: string;
  rate: string;
  from: string;
  to: string;
  source: string;
}

type RateFormField = keyof RateFormValues;

/** The order the fields come in, so the first one with a reason takes the focus. */
const RATE_FIELDS: RateFormField[] = ['country', 'region', 'category', 'rate', 'from', 'to', 'source'];

/** A new rate starts in the place shown (the filter's country), standard, from today on. */
export function newRateValues(country: string): RateFormValues {
  return { country, region: '', category: 'standard', rate: '', from: '', to: '', source: '' };
}

export function rateValuesOf(rate: TaxRate): RateFormValues {
  return {
    country: rate.country,
    region: rate.region,
    category: rate.category,
    rate: String(rate.rate),
    from: rate.from ?? '',
    to: rate.to ?? '',
    source: rate.source,
  };
}

/** The request body of the form: sent as typed, the server says what is wrong field by field. */
function bodyOf(values: RateFormValues): { body: TaxRateBody } | { errors: FieldErrors<RateFormField> } {
  if (values.country === '') return { errors: { country: 'is required: choose a country' } };
  const body = {
    country: values.country,
    region: values.country === 'US' ? values.region : '',
    category: values.category as TaxCategory,
    rate: numberOf(values.rate),
    from: values.from.trim() === '' ? null : values.from.trim(),
    to: values.to.trim() === '' ? null : values.to.trim(),
    source: values.source,
  } as TaxRateBody;
  return { body };
}

/** The body of a rate as it is, ending on `to` (its last day). */
export function endedRateBody(rate: TaxRate, to: string): TaxRateBody {
  const { id: _id, ...rest } = rate;
  return { ...rest, to };
}

const fieldOf = (serverField: string): RateFormField | undefined =>
  RATE_FIELDS.find((field) => field === serverField);

/** What the staff form needs of these values: the fields in order, the body, the server's names. */
export const RATE_FORM_RULES = { fields: RATE_FIELDS, bodyOf, fieldOf };
