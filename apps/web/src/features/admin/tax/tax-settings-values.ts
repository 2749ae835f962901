import type { TaxSettings, TaxSettingsBody } from '@shop/contracts';
import { numberOf } from '../shared/typed-values';

/** The settings form's fields as typed: text and choices, so a half-typed rate stays as it is. */
export interface TaxSettingsValues {
  currency: string;
  pricesIncludeTax: boolean;
  homeCountry: string;
  homeRegion: string;
  vatNumber: string;
  oss: boolean;
  taxShipping: boolean;
  fallback: 'table' | 'refuse';
  eurRate: string;
}

type TaxSettingsField = keyof TaxSettingsValues;

/** The order the fields come in, so the first one with a reason takes the focus. */
const SETTINGS_FIELDS: TaxSettingsField[] = [
  'currency',
  'pricesIncludeTax',
  'homeCountry',
  'homeRegion',
  'vatNumber',
  'oss',
  'taxShipping',
  'fallback',
  'eurRate',
];

export function settingsValuesOf(settings: TaxSettings): TaxSettingsValues {
  return {
    currency: settings.currency,
    pricesIncludeTax: settings.pricesIncludeTax,
    homeCountry: settings.homeCountry,
    homeRegion: settings.homeRegion,
    vatNumber: settings.vatNumber ?? '',
    oss: settings.oss ?? false,
    taxShipping: settings.taxShipping ?? false,
    fallback: settings.fallback ?? 'table',
    eurRate: settings.eurRate === undefined ? '' : String(settings.eurRate),
  };
}

/**
 * The request body of what changed since `saved`, and only that. A home state is kept for the US only:
 * moving home out of the US clears it. Values go as typed: the server says what is wrong, field by field.
 */
export function changedSettings(
  saved: TaxSettingsValues,
  values: TaxSettingsValues,
): Partial<TaxSettingsBody> {
  const current = { ...values, homeRegion: values.homeCountry === 'US' ? values.homeRegion : '' };
  const body: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    if (current[field] === saved[field]) continue;
    body[field] = field === 'eurRate' ? numberOf(current.eurRate) : current[field];
  }
  return body as Partial<TaxSettingsBody>;
}

const fieldOf = (serverField: string): TaxSettingsField | undefined =>
  SETTINGS_FIELDS.find((field) => field === serverField);

/** What the staff form needs of these values, but the body: it depends on the settings last saved. */
export const TAX_SETTINGS_RULES = { fields: SETTINGS_FIELDS, fieldOf };
