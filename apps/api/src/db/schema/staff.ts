import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { stamp, timestamps } from './columns';

/**
 * The staff module's tables (issue 38): the roles the owner made from the permissions (the built-in ones
 * live in the contracts, not here), and the shop's staff settings.
 */
export const staffRole = pgTable(
  'staff_role',
  {
    /** The role's name, as `user.role` holds it. */
    name: text('name').primaryKey(),
    permissions: text('permissions').array().notNull(),
    ...timestamps(),
  },
  (t) => [check('staff_role_has_permissions', sql`cardinality(${t.permissions}) > 0`)],
);

export const staffSettings = pgTable(
  'staff_settings',
  {
    /** Always 1: the shop has one set of settings. */
    id: integer('id').primaryKey().default(1),
    /** Roles whose members must have a second factor. */
    requireTwoFactor: text('require_two_factor').array().notNull().default(sql`'{}'::text[]`),
    /** When each of those roles began to need it (ISO instants by role): the grace is counted from then. */
    twoFactorRequiredSince: jsonb('two_factor_required_since')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Days a member may go without the required factor, counted from when it became required of them. */
    graceDays: integer('grace_days').notNull().default(0),
    /** The most store credit one grant may give, for every member but an admin; null: no cap. */
    creditGrantLimitCents: integer('credit_grant_limit_cents'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('staff_settings_one_row', sql`${t.id} = 1`),
    check('staff_settings_grace_days_range', sql`${t.graceDays} BETWEEN 0 AND 365`),
    check('staff_settings_credit_limit_not_negative', sql`${t.creditGrantLimitCents} >= 0`),
  ],
);
