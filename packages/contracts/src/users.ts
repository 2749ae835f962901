import { z } from 'zod';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from './auth';
import { productIdSchema, productSchema } from './catalog';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const userIdSchema = z.uuid({ error: 'must be a user id' });
export const userIdParamsSchema = z.object({ id: userIdSchema });

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
/** Profile pictures are uploaded to the shop and referenced by their path. */
export const IMAGE_PATH_PATTERN = /^\/uploads\/[A-Za-z0-9/_.-]+$/;

export const PROFILE_FORMAT_MESSAGES = {
  phone: 'must be 7 to 14 digits, optionally starting with +',
  address: "must be up to 60 letters, digits, spaces and . , _ # / ' -",
  city: 'must be up to 40 letters and spaces',
  state: 'must be up to 40 letters and spaces',
  country: 'must be up to 40 letters and spaces',
  image: 'must be a picture uploaded to the shop',
} as const;

const field = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, { error: message });

/** Profile fields a user may change (never role, status or e-mail). Every field optional. */
export const profileUpdateSchema = z
  .object({
    username: field(USERNAME_PATTERN, USERNAME_MESSAGE),
    phone: z
      .string()
      .transform((value) => value.replace(/[\s()-]/g, ''))
      .pipe(z.string().regex(PHONE_PATTERN, { error: PROFILE_FORMAT_MESSAGES.phone })),
    address: field(ADDRESS_PATTERN, PROFILE_FORMAT_MESSAGES.address),
    city: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.city),
    state: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.state),
    country: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.country),
    image: z.union([z.literal(''), field(IMAGE_PATH_PATTERN, PROFILE_FORMAT_MESSAGES.image)]),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The account area's view of a user (spec section 3, "User (dashboard)"). */
export const userDashboardSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  image: z.string(),
  /** true: active; false: suspended. */
  status: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  favourites: z.array(z.string()),
  productsFavourites: z.array(productSchema),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

export const favoriteBodySchema = z.object({ favorite: productIdSchema });
export const userEmailBodySchema = z.object({ email: z.email({ error: 'must be an e-mail address' }) });

/** A profile is complete for checkout when every field is filled. */
export function isProfileComplete(
  profile: Pick<UserDashboard, 'phone' | 'address' | 'city' | 'state' | 'country'>,
) {
  return [profile.phone, profile.address, profile.city, profile.state, profile.country].every(
    (value) => value.trim() !== '',
  );
}
