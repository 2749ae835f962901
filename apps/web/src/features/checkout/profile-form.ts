import {
  CHECKOUT_PROFILE_FIELDS,
  isProfileComplete,
  missingCheckoutFields,
  PROFILE_REQUIRED_MESSAGES,
  type ProfileUpdate,
  postalCodeProblem,
  type UserDashboard,
} from '@shop/contracts';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

/** The checkout's profile form: the address a carrier needs and the phone, plus the uploaded picture. */
export interface ProfileValues {
  fullName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  /** The picture's path (`/uploads/...`), '' for none. */
  image: string;
}

export const PROFILE_FIELDS = CHECKOUT_PROFILE_FIELDS;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_LABELS: Record<ProfileField, string> = {
  fullName: 'Full name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
};

export function profileValues(dashboard: Pick<UserDashboard, ProfileField | 'image'>): ProfileValues {
  return {
    ...(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, dashboard[field] ?? ''])) as Record<
      ProfileField,
      string
    >),
    image: dashboard.image ?? '',
  };
}

/** 'must be 7 to 14 digits…' becomes 'Phone must be 7 to 14 digits…'; a full sentence stays as it is. */
export function fieldMessage(field: ProfileField, message: string): string {
  return /^[a-z]/.test(message) ? `${PROFILE_LABELS[field]} ${message}` : message;
}

export const isComplete = (values: Pick<ProfileValues, ProfileField>) => isProfileComplete(values);

const isProfileField = (key: unknown): key is ProfileField =>
  typeof key === 'string' && (PROFILE_FIELDS as readonly string[]).includes(key);

/**
 * Every field checkout needs is required (the spec's 'Please, provide …' messages), then checked with the shared
 * profileUpdateSchema, so the form refuses exactly what the server refuses, with the same messages.
 * The picture is not checked here: it only ever comes from the shop's upload or the stored profile.
 */
export const profileResolver: Resolver<ProfileValues> = async (
  values,
): Promise<ResolverResult<ProfileValues>> => {
  const errors: FieldErrors<ProfileValues> = {};
  for (const field of missingCheckoutFields(values)) {
    errors[field] = { type: 'required', message: PROFILE_REQUIRED_MESSAGES[field] };
  }
  const { image, ...fields } = values;
  // The schema (and zod with it) loads with the first check, not with the checkout page.
  const { profileUpdateSchema } = await import('@shop/contracts/users');
  const parsed = profileUpdateSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isProfileField(field) && !errors[field]) {
        errors[field] = { type: 'format', message: fieldMessage(field, issue.message) };
      }
    }
  }
  const postalProblem = postalCodeProblem(values.country, values.postalCode);
  if (postalProblem && !errors.postalCode)
    errors.postalCode = { type: 'format', message: fieldMessage('postalCode', postalProblem) };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  if (!parsed.success)
    return { values: {}, errors: { phone: { type: 'format', message: parsed.error.message } } };
  const clean = { ...values, ...parsed.data, image } as ProfileValues;
  return { values: clean, errors: {} };
};

/** Only what changed is sent: a stored picture from elsewhere is never sent back. */
export function changedFields(
  values: ProfileValues,
  dirty: Partial<Record<keyof ProfileValues, boolean | undefined>>,
): ProfileUpdate {
  const changes: ProfileUpdate = {};
  for (const field of PROFILE_FIELDS) if (dirty[field]) changes[field] = values[field];
  if (dirty.image) changes.image = values.image;
  return changes;
}
