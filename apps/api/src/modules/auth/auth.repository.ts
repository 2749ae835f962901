import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { verification } from '../../db/schema';

/**
 * Better Auth keeps each password reset link as a verification row: identifier
 * `reset-password:<token>`, value the user's id. Deleting them ends every link the user was sent.
 */
export async function deletePasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(sql`starts_with(${verification.identifier}, 'reset-password:')`, eq(verification.value, userId)),
    );
}
