import {
  MARKETING_BASES,
  MARKETING_SOURCES,
  MARKETING_STATES,
  type MySizes,
  SHOPPER_SIZE_SYSTEMS,
} from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
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
    /** The system the shopper reads sizes in, and their sizes (issue 39). */
    sizeSystem: text('size_system', { enum: SHOPPER_SIZE_SYSTEMS }).notNull().default('US'),
    mySizes: jsonb('my_sizes').$type<MySizes>().notNull().default({ brands: {} }),
    /** Better Auth's two-factor plugin: whether signing in asks for a second factor (TOTP or a recovery code). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Marketing consent (issue 40): its state now; every change is kept in marketing_consent. */
    marketingState: text('marketing_state', { enum: MARKETING_STATES }).notNull().default('not_asked'),
    marketingBasis: text('marketing_basis', { enum: MARKETING_BASES }),
    marketingSource: text('marketing_source', { enum: MARKETING_SOURCES }),
    marketingUpdatedAt: stamp('marketing_updated_at'),
  },
  (t) => [
    // The admin's user search: a substring of the username or e-mail, in any case.
    index('user_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('user_size_system_valid', oneOf(t.sizeSystem, SHOPPER_SIZE_SYSTEMS)),
    check('user_marketing_state_valid', oneOf(t.marketingState, MARKETING_STATES)),
  ],
);

/** Every change of a person's marketing consent, newest last: the record that they gave it, and where. */
export const marketingConsent = pgTable(
  'marketing_consent',
  {
    id: idKey(),
    userId: ownedBy('user_id', () => user.id),
    state: text('state', { enum: MARKETING_STATES }).notNull(),
    basis: text('basis', { enum: MARKETING_BASES }),
    source: text('source', { enum: MARKETING_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('marketing_consent_state_valid', oneOf(t.state, MARKETING_STATES)),
    check('marketing_consent_source_valid', oneOf(t.source, MARKETING_SOURCES)),
    index('marketing_consent_user_idx').on(t.userId, t.createdAt),
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
