import { index, pgTable, text } from 'drizzle-orm/pg-core';
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
