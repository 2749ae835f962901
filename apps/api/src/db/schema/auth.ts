import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idKey, ownedBy, stamp, timestamps } from './columns';
import { user } from './users';

export const account = pgTable(
  'account',
  {
    id: idKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ownedBy('user_id', () => user.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: stamp('access_token_expires_at'),
    refreshTokenExpiresAt: stamp('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: idKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's two-factor plugin: a member's TOTP secret (encrypted with the auth secret) and recovery codes
 * (each kept only as an HMAC of it: see two-factor.ts), the plugin's count of consecutive wrong codes and
 * its lock. `lockAnnouncedUntil` is the lock the account was last e-mailed about, so each lock is announced once.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: idKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: ownedBy('user_id', () => user.id),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: stamp('locked_until'),
    lockAnnouncedUntil: stamp('lock_announced_until'),
  },
  (t) => [uniqueIndex('two_factor_user_idx').on(t.userId)],
);

/** Better Auth's passkey plugin: a member's WebAuthn credentials (public keys only). */
export const passkey = pgTable(
  'passkey',
  {
    id: idKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: ownedBy('user_id', () => user.id),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: stamp('created_at').defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_idx').on(t.userId)],
);
