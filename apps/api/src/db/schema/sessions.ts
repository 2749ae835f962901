import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, idKey, ownedBy, stamp, timestamps } from './columns';
import { user } from './users';

/**
 * The sessions module's tables. `session` is Better Auth's (it writes and deletes the rows through its
 * adapter); the shop reads it to list and end a person's sessions. `known_device` remembers each browser
 * and system an account has signed in from, so a sign-in from another one is told to the account.
 */
export const session = pgTable(
  'session',
  {
    id: idKey(),
    expiresAt: stamp('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: ownedBy('user_id', () => user.id),
    impersonatedBy: text('impersonated_by'),
    /** When the holder last gave a second factor (or, without one, the password) to step up; see requireStepUp. */
    steppedUpAt: stamp('stepped_up_at'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const knownDevice = pgTable(
  'known_device',
  {
    userId: ownedBy('user_id', () => user.id),
    /** The browser and system, as the sessions list words them ("Chrome on macOS"). */
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);
