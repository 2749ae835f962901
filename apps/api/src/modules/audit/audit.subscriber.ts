import type { DomainEvents } from '../../events/domain-events';
import { auditedFacts, type Snapshot } from '../../events/facts';
import { record, scrubErased } from './audit.service';

/**
 * The audit trail listens to every fact a member of staff causes, as each fact declares it (its kind and
 * subject, in events/facts.ts), and records it in the transaction that made it, so the change and its
 * record commit (or roll back) together. Facts the clock, a provider or a shopper caused are not staff
 * actions and are not recorded. A person's erasure takes their values out of the events already recorded.
 */
export function subscribeAudit(events: DomainEvents): void {
  for (const { type, audit } of auditedFacts()) {
    events.withFact(type, async (tx, fact) => {
      const carried = fact as unknown as Record<string, unknown> & {
        actorId: string | null;
        before: Snapshot;
        after: Snapshot;
      };
      if (!carried.actorId) return;
      await record(tx, {
        actorId: carried.actorId,
        kind: audit.kind,
        subjectType: audit.subject,
        subjectId: String(carried[audit.id]),
        before: carried.before,
        after: carried.after,
      });
    });
  }
  // An erased person's values leave the trail in the erasure's transaction; the events stay.
  events.withFact('person.erasing', (tx, { values }) => scrubErased(tx, values));
}
