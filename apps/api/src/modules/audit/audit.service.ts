import type { ActivityEvent, ActivityList, ActivityQuery, AuditKind } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import type { AuditSubject, Snapshot } from '../../events/facts';
import * as repository from './audit.repository';

/** Who the staff are, by id, for the Activity view: the composition root asks the users module. */
export type ContactsOf = (
  db: DbOrTx,
  ids: string[],
) => Promise<Map<string, { username: string; email: string }>>;

export interface AuditEntry {
  actorId: string;
  kind: AuditKind;
  subjectType: AuditSubject;
  subjectId: string;
  before: Snapshot;
  after: Snapshot;
}

/**
 * Records one staff action. Call it with the transaction that makes the change, so the change and its
 * record commit (or roll back) together.
 */
export async function record(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await repository.insertEvent(tx, {
    actorId: entry.actorId,
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before,
    after: entry.after,
  });
}

/** The Activity view: one page of staff actions, newest first, filtered by staff member and kind. */
export async function listActivity(
  db: DbOrTx,
  contactsOf: ContactsOf,
  query: ActivityQuery,
): Promise<ActivityList> {
  const rows = await repository.findEvents(db, {
    actorId: query.actor,
    kind: query.kind,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const contacts = await contactsOf(
    db,
    rows.map((row) => row.actorId),
  );
  return {
    events: rows.map(
      (row): ActivityEvent => ({
        _id: row.id,
        kind: row.kind,
        actor: {
          _id: row.actorId,
          username: contacts.get(row.actorId)?.username ?? '',
          email: contacts.get(row.actorId)?.email ?? '',
        },
        subject: { type: row.subjectType, id: row.subjectId },
        before: row.before as Snapshot,
        after: row.after as Snapshot,
        date: row.createdAt.toISOString(),
      }),
    ),
  };
}

/** An erased person's values (e-mail, names, address, phone, words) become '[erased]' in every event. */
export async function scrubErased(tx: DbOrTx, values: string[]): Promise<void> {
  await repository.scrubValues(tx, values);
}
