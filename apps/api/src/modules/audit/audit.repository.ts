import type { AuditKind } from '@shop/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
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

/** What an erased person's values become in the audit trail. */
export const ERASED = '[erased]';

/** `value` with every string that contains one of `needles` (lower case) replaced by ERASED. */
function scrubbed(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string')
    return needles.some((needle) => value.toLowerCase().includes(needle)) ? ERASED : value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, needles));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(item, needles)]));
  return value;
}

/**
 * An erased person's values (e-mail, names, address, phone, their words) leave the audit trail: each
 * before/after string holding one becomes ERASED; the events stay (who did what, when). Values shorter
 * than 3 characters are not looked for (a state's code would match everyone's). Answers the events changed.
 */
export async function scrubValues(db: DbOrTx, values: string[]): Promise<number> {
  const needles = [...new Set(values.map((value) => value.trim().toLowerCase()))].filter(
    (needle) => needle.length >= 3,
  );
  if (needles.length === 0) return 0;
  const text = sql`lower(coalesce(${auditEvent.before}::text, '') || ' ' || coalesce(${auditEvent.after}::text, ''))`;
  const holds: SQL[] = needles.map((needle) => sql`strpos(${text}, ${needle}) > 0`);
  const rows = await db
    .select({ id: auditEvent.id, before: auditEvent.before, after: auditEvent.after })
    .from(auditEvent)
    .where(sql.join(holds, sql` OR `));
  for (const row of rows)
    await db
      .update(auditEvent)
      .set({ before: scrubbed(row.before, needles), after: scrubbed(row.after, needles) })
      .where(eq(auditEvent.id, row.id));
  return rows.length;
}
