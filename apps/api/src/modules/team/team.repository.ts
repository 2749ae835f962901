import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffInvitation } from '../../db/schema/team';

export type InvitationRow = typeof staffInvitation.$inferSelect;

export async function insertInvitation(
  db: DbOrTx,
  values: { tokenHash: string; email: string; role: string; invitedBy: string; hours: number },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(staffInvitation)
    .values({
      tokenHash: values.tokenHash,
      email: values.email,
      role: values.role,
      invitedBy: values.invitedBy,
      expiresAt: sql`now() + make_interval(hours => ${values.hours})`,
    })
    .returning();
  if (!row) throw new Error('The invitation was not written');
  return row;
}

/** The invitation with this token's hash; `lock` holds it until the transaction ends (one acceptance). */
export async function findInvitation(
  db: DbOrTx,
  tokenHash: string,
  lock = false,
): Promise<(InvitationRow & { expired: boolean }) | undefined> {
  const query = db
    .select({ invitation: staffInvitation, expired: sql<boolean>`${staffInvitation.expiresAt} <= now()` })
    .from(staffInvitation)
    .where(eq(staffInvitation.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row && { ...row.invitation, expired: row.expired };
}

export async function markAccepted(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db
    .update(staffInvitation)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(staffInvitation.id, id));
}

/** Invitations sent to an erased person's address, or accepted by them, go. */
export async function forgetInvitee(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db
    .delete(staffInvitation)
    .where(
      or(sql`lower(${staffInvitation.email}) = lower(${email})`, eq(staffInvitation.acceptedBy, userId)),
    );
}
