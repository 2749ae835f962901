/** Profile rules and texts, free of zod so any page can import them cheaply. */

import { usesPostalCodes } from './postal-codes';

/** Checkout's required-field messages (spec section 5). */
export const PROFILE_REQUIRED_MESSAGES = {
  fullName: "Please, provide the recipient's full name",
  phone: 'Please, provide a phone number',
  address: 'Please, provide an address',
  city: 'Please, provide a name of city',
  state: 'Please, provide a name of State',
  country: 'Please, provide a name of country',
  postalCode: 'Please, provide a postal code',
} as const;

/** Spec section 5, user profile: 7 to 14 digits (a leading + allowed; spaces, dashes and brackets are dropped). */
export const PHONE_PATTERN = /^\+?[0-9]{7,14}$/;
/** Spec section 5, the user-profile variant's narrower address: letters, digits, space . , _ - (up to 40). */
export const ADDRESS_PATTERN = /^[\p{L}\p{N} .,_-]{1,40}$/u;
/** City, state and country: letters and spaces (and the . ' - of names such as St. John's), 1 to 40. */
export const PLACE_PATTERN = /^[\p{L} .'-]{1,40}$/u;
/** The recipient's full name, as a carrier prints it: letters, spaces and . ' - (up to 60). */
export const FULL_NAME_PATTERN = /^[\p{L} .'-]{1,60}$/u;
/** Any postal code's shape (the country's own format is checked against the country: postal-codes.ts). */
export const POSTAL_CODE_PATTERN = /^[\p{L}\p{N} -]{2,12}$/u;
/**
 * Profile pictures are uploaded to the shop (POST /api/uploads/avatar) and referenced by the exact path it
 * answered: `/uploads/avatars/<uuid>.webp`. Nothing else (no other folder, no `..`, no other site).
 */
export const IMAGE_PATH_PATTERN =
  /^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * The user-profile variant's texts (spec section 5: they begin with 'Necesita'), each stating its rule. The
 * profile form shows them and the API answers them in `fields`.
 */
export const PROFILE_FORMAT_MESSAGES = {
  username: 'Necesita: 4 to 16 letters, numbers, hyphens or underscores',
  fullName: "Necesita: 1 to 60 letters, spaces and . ' -",
  phone: 'Necesita: 7 to 14 digits, optionally starting with +',
  address: 'Necesita: 1 to 40 letters, digits, spaces and . , _ -',
  city: "Necesita: 1 to 40 letters, spaces and . ' -",
  state: "Necesita: 1 to 40 letters, spaces and . ' -",
  country: "Necesita: 1 to 40 letters, spaces and . ' -",
  postalCode: 'Necesita: 2 to 12 letters, digits, spaces or dashes',
  image: 'Necesita: a picture uploaded to the shop',
} as const;

/**
 * The admin-profile variant's texts (spec section 5: they begin with 'Nesesita'). The rules are the same
 * for everyone, since one account table holds them; only the wording of the staff's form differs.
 */
export const ADMIN_PROFILE_FORMAT_MESSAGES = Object.fromEntries(
  Object.entries(PROFILE_FORMAT_MESSAGES).map(([field, text]) => [
    field,
    text.replace(/^Necesita/, 'Nesesita'),
  ]),
) as { readonly [Field in keyof typeof PROFILE_FORMAT_MESSAGES]: string };

/** The fields a profile needs before checkout. */
export const CHECKOUT_PROFILE_FIELDS = [
  'fullName',
  'phone',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

type CheckoutProfile = Record<(typeof CHECKOUT_PROFILE_FIELDS)[number], string>;

/** The fields checkout still needs: every one empty, but the postal code only where the country uses one. */
export function missingCheckoutFields(profile: CheckoutProfile) {
  return CHECKOUT_PROFILE_FIELDS.filter(
    (field) => profile[field].trim() === '' && (field !== 'postalCode' || usesPostalCodes(profile.country)),
  );
}

/** A profile is complete for checkout when every field it needs is filled. */
export function isProfileComplete(profile: CheckoutProfile) {
  return missingCheckoutFields(profile).length === 0;
}
