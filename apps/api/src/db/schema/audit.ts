import { AUDIT_KINDS } from '@shop/contracts';
import { desc } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { user } from './users';

/** One staff action: who did what to which subject, and the relevant fields before and after it. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => user.id),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('audit_event_kind_valid', oneOf(t.kind, AUDIT_KINDS)),
    index('audit_event_created_idx').on(desc(t.createdAt), t.id),
    index('audit_event_actor_idx').on(t.actorId, t.createdAt),
    index('audit_event_kind_idx').on(t.kind, t.createdAt),
  ],
);
