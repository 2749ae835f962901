import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idKey, stamp, uuidRef } from './columns';
import { user } from './users';

/**
 * The team module's table: invitations to join the staff. The link's token is kept only as its SHA-256
 * hash; an invitation is used once (`accepted_at`) and not after `expires_at`.
 */
export const staffInvitation = pgTable(
  'staff_invitation',
  {
    id: idKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedBy: uuidRef('invited_by', () => user.id, 'set null'),
    expiresAt: stamp('expires_at').notNull(),
    acceptedAt: stamp('accepted_at'),
    acceptedBy: uuidRef('accepted_by', () => user.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invitation_email_idx').on(t.email)],
);
