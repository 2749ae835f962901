import { passwordSchema } from './auth';
import { USERNAME_PATTERN } from './auth-rules';
import { productIdSchema, productSchema, userReviewSchema } from './catalog';
import { MARKETING_BASES, MARKETING_SOURCES, MARKETING_STATES } from './marketing-rules';
import { limitQuerySchema } from './paging';
import { normalPostalCode } from './postal-codes';
import { mySizesSchema, shopperSizeSystemSchema } from './size-charts';
import { permissionSchema, roleNameSchema } from './staff';
import {
  ADDRESS_PATTERN,
  FULL_NAME_PATTERN,
  IMAGE_PATH_PATTERN,
  PHONE_PATTERN,
  PLACE_PATTERN,
  POSTAL_CODE_PATTERN,
  PROFILE_FORMAT_MESSAGES,
} from './users-rules';
import { z } from './zod';

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
    /** The recipient's name on the parcel. */
    fullName: field(FULL_NAME_PATTERN, PROFILE_FORMAT_MESSAGES.fullName).transform((value) =>
      value.replace(/\s+/g, ' '),
    ),
    phone: z
      .string()
      .transform((value) => value.replace(/[\s()-]/g, ''))
      .pipe(z.string().regex(PHONE_PATTERN, { error: PROFILE_FORMAT_MESSAGES.phone })),
    address: field(ADDRESS_PATTERN, PROFILE_FORMAT_MESSAGES.address),
    city: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.city),
    state: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.state),
    /** Checked against the country's format too (the one sent, else the profile's): postal-codes.ts. */
    postalCode: field(POSTAL_CODE_PATTERN, PROFILE_FORMAT_MESSAGES.postalCode).transform(normalPostalCode),
    country: field(PLACE_PATTERN, PROFILE_FORMAT_MESSAGES.country),
    image: z.union([z.literal(''), field(IMAGE_PATH_PATTERN, PROFILE_FORMAT_MESSAGES.image)]),
    /** Whether to be e-mailed when a favourite's price drops. */
    priceDropEmails: z.boolean({ error: 'must be true or false' }),
    /** The system the shopper reads sizes in (issue 39). */
    sizeSystem: shopperSizeSystemSchema,
    /** The shopper's size, and where a brand fits them differently, each in any system. */
    mySizes: mySizesSchema,
    /** Their marketing consent, given or withdrawn (issue 40): only the person can set it. */
    marketing: z.enum(['subscribed', 'unsubscribed'], { error: "must be 'subscribed' or 'unsubscribed'" }),
    /** Where they gave or withdrew it (the profile unless told). */
    marketingSource: z.enum(['sign-up', 'profile'], { error: "must be 'sign-up' or 'profile'" }),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A person's marketing consent: its state, the basis it gives, where it was given or withdrawn, and when. */
export const marketingConsentSchema = z.object({
  state: z.enum(MARKETING_STATES),
  basis: z.enum(MARKETING_BASES).nullable(),
  source: z.enum(MARKETING_SOURCES).nullable(),
  updatedAt: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/**
 * Where a parcel goes, as an order (and a draw entry) keeps it from the profile when it was placed: the
 * recipient's name and the address a carrier needs, with the account's name and phone beside them.
 */
export const shipToSchema = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  name: z.string(),
  phone: z.string(),
});
export type ShipTo = z.infer<typeof shipToSchema>;

/** The account area's view of a user (spec section 3, "User (dashboard)"). */
export const userDashboardSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The recipient's name on the parcel ('' until given). */
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  image: z.string(),
  /** Whether the user is e-mailed when a favourite's price drops (marketing: only with `marketing` subscribed). */
  priceDropEmails: z.boolean(),
  /** Their marketing consent (issue 40). */
  marketing: marketingConsentSchema,
  sizeSystem: shopperSizeSystemSchema,
  mySizes: mySizesSchema,
  /** The store credit balance (its history: GET /api/users/:id/credit). */
  credit: z.number(),
  /** true: active; false: suspended. */
  status: z.boolean(),
  /** One role: 'user' (a shopper), 'admin', another built-in staff role or one the owner made. */
  roles: z.array(z.string()),
  /** What the role lets them do on the staff's routes (none for a shopper). */
  permissions: z.array(permissionSchema),
  /**
   * When the role needs a second factor the account has not added: the moment (ISO) from which its staff
   * routes answer 403 TWO_FACTOR_REQUIRED until one is added (already past: they do now, and `permissions`
   * is empty); null when nothing is needed.
   */
  twoFactorDue: z.string().nullable(),
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

/**
 * The staff-only part of `PUT /api/users/update/:id`: reactivate or suspend (`users.write`), and the role
 * (`users.roles`; the spec's admin switch sets ['admin'] or ['user']).
 */
export const adminUserUpdateSchema = z
  .object({
    /** true: active; false: suspended (its sessions end). */
    status: z.boolean({ error: 'must be true or false' }),
    roles: z.tuple([roleNameSchema], { error: "must be one role, such as ['admin'] or ['user']" }),
  })
  .partial()
  .strict();
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/**
 * `PUT /api/users/update/:id`: the profile fields, plus the admin-only ones (refused from anyone else).
 * A change of address while entered in an open draw is refused (409 `DROP_ENTRY_ADDRESS`) unless
 * `withdrawEntries` is true, which withdraws those entries.
 */
export const userUpdateSchema = z
  .object({
    ...profileUpdateSchema.shape,
    ...adminUserUpdateSchema.shape,
    withdrawEntries: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** The admin's Users tab: a user without their favourites and reviews. */
export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string(),
  status: z.boolean(),
  roles: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const USER_SORT_FIELDS = ['username', 'email', 'createdAt'] as const;
const direction = z.union([z.literal(1), z.literal(-1)]);
const orderSearchValueSchema = z
  .object({
    orderBy: z
      .object({ username: direction, email: direction, createdAt: direction })
      .partial()
      .strict()
      .optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type UsersOrderSearch = z.infer<typeof orderSearchValueSchema>;

/** The spec's `orderSearch` query: JSON such as {"orderBy":{"username":1},"search":"ana"}. */
export const orderSearchParamSchema = z
  .string()
  .transform((raw, ctx): UsersOrderSearch => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be JSON such as {"orderBy":{"username":1},"search":"ana"}',
      });
      return z.NEVER;
    }
    const result = orderSearchValueSchema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must hold orderBy (username, email or createdAt with 1 or -1) and search (up to 100 characters)',
      });
      return z.NEVER;
    }
    return result.data;
  })
  .optional();

const pageNumber = z.coerce
  .number({ error: 'must be a page number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(100_000, { error: 'must be at most 100000' });

/** `GET /api/users` and `DELETE /api/users/:id`: the list's search, sort and page. */
export const usersQuerySchema = z.object({
  orderSearch: orderSearchParamSchema,
  page: pageNumber.default(1),
  limit: limitQuerySchema(20),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
