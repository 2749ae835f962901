import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { product } from './catalog';
import { createdAt, idKey, ownedBy, stamp, timestamps } from './columns';

/**
 * The users module's tables. `user` is Better Auth's, with the shop's additions: username (username
 * plugin), role and ban (admin plugin; the wire calls it `status`), profile fields.
 */
export const user = pgTable(
  'user',
  {
    id: idKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps(),
    username: text('username').notNull().unique(),
    displayUsername: text('display_username'),
    role: text('role').notNull().default('user'),
    /** When the account was given its role (null: it has held it since it was made); see staff's twoFactorDue. */
    roleSince: stamp('role_since'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: stamp('ban_expires'),
    /** The recipient's name on a parcel. */
    fullName: text('full_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Whether the user is e-mailed when a favourite's price drops (the profile's opt-out). */
    priceDropEmails: boolean('price_drop_emails').notNull().default(true),
    /** Better Auth's two-factor plugin: whether signing in asks for a second factor (TOTP or a recovery code). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [
    // The admin's user search: a substring of the username or e-mail, in any case.
    index('user_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const favorite = pgTable(
  'favorite',
  {
    userId: ownedBy('user_id', () => user.id),
    productId: ownedBy('product_id', () => product.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
