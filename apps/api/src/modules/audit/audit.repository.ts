import type { AuditKind } from '@shop/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvent } from '../../db/schema/audit';

export type AuditEventRow = typeof auditEvent.$inferSelect;
export type NewAuditEvent = typeof auditEvent.$inferInsert;

export async function insertEvent(db: DbOrTx, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvent).values(event);
}

/** One page of events, newest first, optionally of one actor and one kind. */
export async function findEvents(
  db: DbOrTx,
  filter: { actorId?: string; kind?: AuditKind; limit: number; offset: number },
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvent)
    .where(
      and(
        filter.actorId ? eq(auditEvent.actorId, filter.actorId) : undefined,
        filter.kind ? eq(auditEvent.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(filter.limit)
    .offset(filter.offset);
}
