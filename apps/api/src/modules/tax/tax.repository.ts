import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { taxNexusThreshold, taxRate, taxRegistration, taxSettings } from '../../db/schema/tax';

export type TaxSettingsRow = typeof taxSettings.$inferSelect;
export type TaxRateRow = typeof taxRate.$inferSelect;
export type TaxRateValues = Omit<typeof taxRate.$inferInsert, 'id' | 'createdAt'>;
export type TaxRegistrationRow = typeof taxRegistration.$inferSelect;
export type NexusThresholdRow = typeof taxNexusThreshold.$inferSelect;

/** The shop's settings (the migration writes the one row). */
export async function findSettings(db: DbOrTx): Promise<TaxSettingsRow> {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.id, 1));
  if (!row) throw new Error('tax_settings has no row: the migrations did not run');
  return row;
}

/** The settings locked for a change: two staff saving at once apply one after the other. */
export async function lockSettings(db: DbOrTx): Promise<TaxSettingsRow> {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.id, 1)).for('update');
  if (!row) throw new Error('tax_settings has no row: the migrations did not run');
  return row;
}

export async function updateSettings(
  db: DbOrTx,
  values: Partial<Omit<TaxSettingsRow, 'id' | 'updatedAt'>>,
): Promise<TaxSettingsRow> {
  const [row] = await db
    .update(taxSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taxSettings.id, 1))
    .returning();
  if (!row) throw new Error('tax_settings has no row: the migrations did not run');
  return row;
}

export function findRates(db: DbOrTx): Promise<TaxRateRow[]> {
  return db
    .select()
    .from(taxRate)
    .orderBy(
      asc(taxRate.country),
      asc(taxRate.region),
      asc(taxRate.category),
      sql`${taxRate.validFrom} ASC NULLS FIRST`,
    );
}

/** The rates kept for one place (a country, or a US state), every category and day: what a checkout reads. */
export function findRatesOf(db: DbOrTx, place: { country: string; region: string }): Promise<TaxRateRow[]> {
  return db
    .select()
    .from(taxRate)
    .where(and(eq(taxRate.country, place.country), eq(taxRate.region, place.region)));
}

/** A rate locked for a change or a deletion: its place stays what it is until the transaction ends. */
export async function lockRate(db: DbOrTx, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db.select().from(taxRate).where(eq(taxRate.id, id)).for('update');
  return row;
}

/**
 * Takes the place's lock until the transaction ends: a registration there and the deletion of the
 * place's last rate are checked one after the other. Taken before any place and category lock.
 */
export async function lockPlace(db: DbOrTx, place: { country: string; region: string }) {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`tax-place:${place.country}:${place.region}`}))`,
  );
}

/**
 * Takes the place and category's lock until the transaction ends: two rates written at once for one
 * place and category are checked for overlap one after the other.
 */
export async function lockPlaceCategory(
  db: DbOrTx,
  place: { country: string; region: string },
  category: string,
) {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`tax-rate:${place.country}:${place.region}:${category}`}))`,
  );
}

/** The place and category's other rates whose days overlap [from, to] (null: open-ended). */
export function findOverlapping(
  db: DbOrTx,
  rate: Pick<TaxRateValues, 'country' | 'region' | 'category' | 'validFrom' | 'validTo'>,
  exceptId?: string,
): Promise<TaxRateRow[]> {
  const from = rate.validFrom ?? null;
  const to = rate.validTo ?? null;
  return db
    .select()
    .from(taxRate)
    .where(
      and(
        eq(taxRate.country, rate.country),
        eq(taxRate.region, rate.region ?? ''),
        eq(taxRate.category, rate.category),
        exceptId ? ne(taxRate.id, exceptId) : undefined,
        sql`(${taxRate.validTo} IS NULL OR ${from}::date IS NULL OR ${taxRate.validTo} >= ${from}::date)`,
        sql`(${taxRate.validFrom} IS NULL OR ${to}::date IS NULL OR ${taxRate.validFrom} <= ${to}::date)`,
      ),
    );
}

export async function insertRate(db: DbOrTx, values: TaxRateValues): Promise<TaxRateRow> {
  const [row] = await db.insert(taxRate).values(values).returning();
  if (!row) throw new Error('tax rate not inserted');
  return row;
}

export async function updateRate(db: DbOrTx, id: string, values: TaxRateValues) {
  const [row] = await db.update(taxRate).set(values).where(eq(taxRate.id, id)).returning();
  return row;
}

export async function deleteRate(db: DbOrTx, id: string): Promise<TaxRateRow | undefined> {
  const [row] = await db.delete(taxRate).where(eq(taxRate.id, id)).returning();
  return row;
}

/** Whether any rate is kept for the place (a US state's, or a whole country's). */
export async function placeHasRates(db: DbOrTx, place: { country: string; region: string }) {
  const [row] = await db
    .select({ id: taxRate.id })
    .from(taxRate)
    .where(and(eq(taxRate.country, place.country), eq(taxRate.region, place.region)))
    .limit(1);
  return row !== undefined;
}

/** Whether the shop is registered to collect tax in the place. */
export async function isRegistered(db: DbOrTx, place: { country: string; region: string }) {
  const [row] = await db
    .select({ id: taxRegistration.id })
    .from(taxRegistration)
    .where(and(eq(taxRegistration.country, place.country), eq(taxRegistration.region, place.region)));
  return row !== undefined;
}

/** The settings and the registrations in one statement: checkout reads both for every order. */
export async function findSettingsAndRegistrations(db: DbOrTx) {
  const places = sql<{ country: string; region: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('country', ${taxRegistration.country}, 'region', ${taxRegistration.region})), '[]'::json)
    FROM ${taxRegistration}
  )`;
  const [row] = await db
    .select({ settings: taxSettings, registered: places })
    .from(taxSettings)
    .where(eq(taxSettings.id, 1));
  if (!row) throw new Error('tax_settings has no row: the migrations did not run');
  return row;
}

/** Whether the shop is registered to collect tax anywhere (a fresh shop is not). */
export async function hasRegistration(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: taxRegistration.id }).from(taxRegistration).limit(1);
  return row !== undefined;
}

export function findRegistrations(db: DbOrTx): Promise<TaxRegistrationRow[]> {
  return db.select().from(taxRegistration).orderBy(asc(taxRegistration.country), asc(taxRegistration.region));
}

/** A new registration, or undefined when the shop is registered there already. */
export async function insertRegistration(db: DbOrTx, place: { country: string; region: string }) {
  const [row] = await db.insert(taxRegistration).values(place).onConflictDoNothing().returning();
  return row;
}

export async function deleteRegistration(db: DbOrTx, id: string): Promise<TaxRegistrationRow | undefined> {
  const [row] = await db.delete(taxRegistration).where(eq(taxRegistration.id, id)).returning();
  return row;
}

/** Every US state's economic-nexus thresholds, by USPS code. */
export function findNexusThresholds(db: DbOrTx): Promise<NexusThresholdRow[]> {
  return db.select().from(taxNexusThreshold).orderBy(asc(taxNexusThreshold.region));
}

/** A state's thresholds locked for a change: two staff saving at once apply one after the other. */
export async function lockNexusThreshold(db: DbOrTx, region: string): Promise<NexusThresholdRow | undefined> {
  const [row] = await db
    .select()
    .from(taxNexusThreshold)
    .where(eq(taxNexusThreshold.region, region))
    .for('update');
  return row;
}

export async function updateNexusThreshold(
  db: DbOrTx,
  region: string,
  values: Pick<NexusThresholdRow, 'salesThresholdCents' | 'transactionsThreshold'>,
): Promise<NexusThresholdRow | undefined> {
  const [row] = await db
    .update(taxNexusThreshold)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taxNexusThreshold.region, region))
    .returning();
  return row;
}
