import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ProfileUpdate,
  postalCodeProblem,
  profileUpdateSchema,
  type UserDashboard,
} from '@shop/contracts';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

/** The profile's fields that are not typed in the form: each is saved by a control of its own. */
const OWN_CONTROLS = [
  'image',
  'priceDropEmails',
  'sizeSystem',
  'mySizes',
  'marketing',
  'marketingSource',
] as const;

/**
 * The profile fields typed in the form: every field the contracts let a user change, but the picture, the
 * price-drop e-mails (a checkbox of its own, saved when ticked) and the sizes (the size controls').
 */
export type ProfileField = Exclude<keyof ProfileUpdate, (typeof OWN_CONTROLS)[number]>;

export const PROFILE_FIELDS: readonly ProfileField[] = (
  Object.keys(profileUpdateSchema.shape) as (keyof ProfileUpdate)[]
).filter((key): key is ProfileField => !(OWN_CONTROLS as readonly string[]).includes(key));

export type ProfileValues = Record<ProfileField, string>;

const LABELS: Partial<Record<string, string>> = {
  username: 'Username',
  fullName: 'Full name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
  other: 'Other',
};

export const fieldLabel = (field: string) =>
  LABELS[field] ?? `${field.charAt(0).toUpperCase()}${field.slice(1)}`;

const AUTOCOMPLETE: Partial<Record<string, string>> = {
  username: 'username',
  fullName: 'name',
  phone: 'tel',
  postalCode: 'postal-code',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country-name',
};
export const fieldAutoComplete = (field: string) => AUTOCOMPLETE[field] ?? 'off';

/** The stored profile as form values ('' for anything not set). */
export function profileValues(dashboard: UserDashboard): ProfileValues {
  const stored = dashboard as unknown as Partial<Record<string, unknown>>;
  const values = {} as ProfileValues;
  for (const field of PROFILE_FIELDS) {
    const value = stored[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The contracts' text, led by the field's name when it reads as the rest of a sentence ('must be …'). */
export function fieldMessage(field: string, message: string): string {
  return /^[a-z]/.test(message) ? `${fieldLabel(field)} ${message}` : message;
}

/** The title of the alert listing the fields in error on Save (spec section 5). */
export const FORM_ERRORS_TITLE = 'Errores en el/los formulario/s:';

export function formErrorsText(fields: readonly string[]): string {
  return `${FORM_ERRORS_TITLE} ${fields.map((field) => fieldLabel(field).toUpperCase()).join(', ')}`;
}

const schemaResolver = zodResolver(profileUpdateSchema);
type SchemaOptions = Parameters<typeof schemaResolver>[2];

/**
 * The contracts' profileUpdateSchema, applied to the fields that differ from the stored profile: only what
 * the user changed is checked and sent, so a field they never filled in does not block a save.
 */
export function changedFieldsResolver(
  stored: () => ProfileValues,
): Resolver<ProfileValues, unknown, ProfileUpdate> {
  return async (values, context, options) => {
    const base = stored();
    const changed: Partial<ProfileValues> = {};
    for (const field of PROFILE_FIELDS) if (values[field] !== base[field]) changed[field] = values[field];
    const result = await schemaResolver(changed, context, options as unknown as SchemaOptions);
    const errors = result.errors as FieldErrors<ProfileValues>;
    // The postal code fits the country (both as they will be saved), as the shop checks it.
    const postal = postalCodeProblem(values.country, values.postalCode);
    if (postal && (changed.postalCode !== undefined || changed.country !== undefined) && !errors.postalCode)
      errors.postalCode = { type: 'format', message: fieldMessage('postalCode', postal) };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as ProfileUpdate, errors: {} } satisfies ResolverResult<
      ProfileValues,
      ProfileUpdate
    >;
  };
}
