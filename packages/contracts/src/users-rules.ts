/** Profile rules and texts, free of zod so any page can import them cheaply. */

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Checkout's required-field messages (spec section 5). */
export const PROFILE_REQUIRED_MESSAGES = {
  phone: 'Please, provide a phone number',
  address: 'Please, provide an address',
  city: 'Please, provide a name of city',
  state: 'Please, provide a name of State',
  country: 'Please, provide a name of country',
} as const;

export const PHONE_PATTERN = /^\+?[0-9]{7,14}$/;
export const ADDRESS_PATTERN = /^[\p{L}\p{N} .,_#/'-]{1,60}$/u;
export const PLACE_PATTERN = /^[\p{L} .'-]{1,40}$/u;
/**
 * Profile pictures are uploaded to the shop (POST /api/uploads/avatar) and referenced by the exact path it
 * answered: `/uploads/avatars/<uuid>.webp`. Nothing else (no other folder, no `..`, no other site).
 */
export const IMAGE_PATH_PATTERN =
  /^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const PROFILE_FORMAT_MESSAGES = {
  phone: 'must be 7 to 14 digits, optionally starting with +',
  address: "must be up to 60 letters, digits, spaces and . , _ # / ' -",
  city: 'must be up to 40 letters and spaces',
  state: 'must be up to 40 letters and spaces',
  country: 'must be up to 40 letters and spaces',
  image: 'must be a picture uploaded to the shop',
} as const;

/** A profile is complete for checkout when every field is filled. */
export function isProfileComplete(
  profile: Record<'phone' | 'address' | 'city' | 'state' | 'country', string>,
) {
  return [profile.phone, profile.address, profile.city, profile.state, profile.country].every(
    (value) => value.trim() !== '',
  );
}
