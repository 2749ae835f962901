import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffRole, staffSettings } from '../../db/schema/staff';

export type StaffRoleRow = typeof staffRole.$inferSelect;
export type StaffSettingsRow = typeof staffSettings.$inferSelect;

export async function findRoles(db: DbOrTx): Promise<StaffRoleRow[]> {
  return db.select().from(staffRole).orderBy(asc(staffRole.name));
}

/** One custom role; `lock` takes it FOR UPDATE (a change or deletion racing another). */
export async function findRole(db: DbOrTx, name: string, lock?: 'update'): Promise<StaffRoleRow | undefined> {
  const query = db.select().from(staffRole).where(eq(staffRole.name, name));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Adds a role; false when one of that name exists already (a race lost to another request). */
export async function insertRole(db: DbOrTx, name: string, permissions: string[]): Promise<boolean> {
  const rows = await db
    .insert(staffRole)
    .values({ name, permissions })
    .onConflictDoNothing()
    .returning({ name: staffRole.name });
  return rows.length === 1;
}

export async function updateRole(db: DbOrTx, name: string, permissions: string[]): Promise<void> {
  await db.update(staffRole).set({ permissions, updatedAt: new Date() }).where(eq(staffRole.name, name));
}

export async function deleteRole(db: DbOrTx, name: string): Promise<void> {
  await db.delete(staffRole).where(eq(staffRole.name, name));
}

/** The settings row (the migration makes it; made again with its defaults if gone); `lock`: FOR UPDATE. */
export async function findSettings(db: DbOrTx, lock?: 'update'): Promise<StaffSettingsRow> {
  const read = async () => {
    const query = db.select().from(staffSettings).where(eq(staffSettings.id, 1));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  };
  const row = await read();
  if (row) return row;
  await db.insert(staffSettings).values({ id: 1 }).onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('The staff settings row is missing');
  return made;
}

export async function saveSettings(
  db: DbOrTx,
  values: Partial<
    Pick<
      StaffSettingsRow,
      'requireTwoFactor' | 'twoFactorRequiredSince' | 'graceDays' | 'creditGrantLimitCents'
    >
  >,
): Promise<void> {
  await db
    .update(staffSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffSettings.id, 1));
}
