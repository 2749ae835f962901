import { z } from 'zod';
import { passwordSchema } from './auth';
import { USERNAME_PATTERN } from './auth-rules';
import { productIdSchema, productSchema, userReviewSchema } from './catalog';
import {
  ADDRESS_PATTERN,
  IMAGE_PATH_PATTERN,
  PHONE_PATTERN,
  PLACE_PATTERN,
  PROFILE_FORMAT_MESSAGES,
  ROLES,
} from './users-rules';

export const userIdSchema = z.uuid({ error: 'must be a user id' });
export const userIdParamsSchema = z.object({ id: userIdSchema });

const field = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, { error: message });

/**
 * Profile fields a user may change (never role, status or e-mail; any other key is refused), with the
 * user-profile variant's rules and 'Necesita' texts (spec section 5). Every field optional. The username
 * keeps the sign-up rule: it is the account's unique handle.
 */
export const profileUpdateSchema = z
  .object({
    username: field(USERNAME_PATTERN, PROFILE_FORMAT_MESSAGES.username),
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
  /** The user's reviews, newest first. */
  reviews: z.array(userReviewSchema),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

export const favoriteBodySchema = z.object({ favorite: productIdSchema });
export const userEmailBodySchema = z.object({ email: z.email({ error: 'must be an e-mail address' }) });

/** `POST /api/auth/change-password`: the current password and a new one (the sign-up rule); other sessions end. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, { error: 'Introduce your current password' }).max(128),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
