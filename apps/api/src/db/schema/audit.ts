import { AUDIT_KINDS } from '@shop/contracts';
import { desc } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, uuidRef } from './columns';
import { user } from './users';

/** One staff action: who did what to which subject, and the relevant fields before and after it. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: idKey(),
    actorId: uuidRef('actor_id', () => user.id).notNull(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_event_kind_valid', oneOf(t.kind, AUDIT_KINDS)),
    index('audit_event_created_idx').on(desc(t.createdAt), t.id),
    index('audit_event_actor_idx').on(t.actorId, t.createdAt),
    index('audit_event_kind_idx').on(t.kind, t.createdAt),
  ],
);
