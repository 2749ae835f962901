import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { drop, dropEntry, dropNotify, dropProof, dropTicket } from '../../db/schema/drops';

export type DropRow = typeof drop.$inferSelect;
export type NewDrop = typeof drop.$inferInsert;
export type EntryRow = typeof dropEntry.$inferSelect;

export async function insertDrop(db: DbOrTx, values: NewDrop): Promise<DropRow> {
  const [row] = await db.insert(drop).values(values).returning();
  if (!row) throw new Error('drop insert returned no row');
  return row;
}

export async function updateDrop(db: DbOrTx, id: string, values: Partial<NewDrop>): Promise<DropRow> {
  const [row] = await db
    .update(drop)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(drop.id, id))
    .returning();
  if (!row) throw new Error('drop update returned no row');
  return row;
}

export async function findDrop(db: DbOrTx, id: string): Promise<DropRow | undefined> {
  const [row] = await db.select().from(drop).where(eq(drop.id, id));
  return row;
}

/** The drop, its row locked until the transaction ends: entries, draws and lapses of one drop in turn. */
export async function lockDrop(db: DbOrTx, id: string): Promise<DropRow | undefined> {
  const [row] = await db.select().from(drop).where(eq(drop.id, id)).for('update');
  return row;
}

export async function findDropOfProduct(db: DbOrTx, productId: string): Promise<DropRow | undefined> {
  const [row] = await db.select().from(drop).where(eq(drop.productId, productId));
  return row;
}

export function findDropsOfProducts(db: DbOrTx, productIds: string[]): Promise<DropRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.select().from(drop).where(inArray(drop.productId, productIds));
}

/** The newest releases first (the staff's list, and the public one before finished drops are left out). */
export function listDrops(db: DbOrTx, limit: number): Promise<DropRow[]> {
  return db.select().from(drop).orderBy(desc(drop.releaseAt)).limit(limit);
}

/** Draws whose entry closed and that were not drawn yet. */
export function findDueDraws(db: DbOrTx, now: Date): Promise<DropRow[]> {
  return db
    .select()
    .from(drop)
    .where(and(eq(drop.mode, 'draw'), isNull(drop.drawnAt), lte(drop.entryClosesAt, now)));
}

/** Drops whose "notify me" e-mails were not sent and whose entry or pre-queue has opened. */
export function findDueNotices(db: DbOrTx, now: Date): Promise<DropRow[]> {
  const opensAt = sql`CASE WHEN ${drop.mode} = 'draw' THEN ${drop.entryOpensAt} ELSE ${drop.releaseAt} - make_interval(mins => ${drop.preQueueMinutes}) END`;
  return db
    .select()
    .from(drop)
    .where(and(isNull(drop.notifiedAt), sql`${opensAt} <= ${now}`));
}

/** Drops with a winner whose pair is held past its time and not taken by an order. */
export async function findDueLapses(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ dropId: dropEntry.dropId })
    .from(dropEntry)
    .where(and(eq(dropEntry.status, 'won'), isNull(dropEntry.orderId), lte(dropEntry.holdUntil, now)));
  return rows.map((row) => row.dropId);
}

// Entries

/** Inserts an entry; the name of the unique index it broke when it could not. */
export async function insertEntry(
  db: DbOrTx,
  values: typeof dropEntry.$inferInsert,
): Promise<{ ok: true } | { ok: false; constraint: string }> {
  try {
    await db.transaction(async (inner) => {
      await inner.insert(dropEntry).values(values);
    });
    return { ok: true };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505') return { ok: false, constraint: constraint ?? '' };
    throw error;
  }
}

export async function findEntry(db: DbOrTx, dropId: string, userId: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(dropEntry)
    .where(and(eq(dropEntry.dropId, dropId), eq(dropEntry.userId, userId)));
  return row;
}

/** Another account's entry in the drop from this address or with this phone number (one entry per person). */
export async function findEntryFromElsewhere(
  db: DbOrTx,
  dropId: string,
  person: { userId: string; addressKey: string; phoneKey: string },
): Promise<Pick<EntryRow, 'addressKey' | 'phoneKey'> | undefined> {
  const samePerson = person.phoneKey
    ? sql`(${dropEntry.addressKey} = ${person.addressKey} or ${dropEntry.phoneKey} = ${person.phoneKey})`
    : eq(dropEntry.addressKey, person.addressKey);
  const [row] = await db
    .select({ addressKey: dropEntry.addressKey, phoneKey: dropEntry.phoneKey })
    .from(dropEntry)
    .where(and(eq(dropEntry.dropId, dropId), sql`${dropEntry.userId} <> ${person.userId}`, samePerson))
    .limit(1);
  return row;
}

export async function setEntrySize(db: DbOrTx, id: string, size: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .update(dropEntry)
    .set({ size })
    .where(and(eq(dropEntry.id, id), eq(dropEntry.status, 'entered')))
    .returning();
  return row;
}

export async function deleteEntry(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(dropEntry)
    .where(and(eq(dropEntry.id, id), eq(dropEntry.status, 'entered')))
    .returning({ id: dropEntry.id });
  return rows.length > 0;
}

/** The account's entries not yet drawn, each with its drop. */
export function findUndrawnEntriesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ entry: EntryRow; drop: DropRow }[]> {
  return db
    .select({ entry: dropEntry, drop })
    .from(dropEntry)
    .innerJoin(drop, eq(drop.id, dropEntry.dropId))
    .where(and(eq(dropEntry.userId, userId), eq(dropEntry.status, 'entered')));
}

/** Every entry of a drop, in the order they were made. */
export function findEntries(db: DbOrTx, dropId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(dropEntry)
    .where(eq(dropEntry.dropId, dropId))
    .orderBy(asc(dropEntry.createdAt), asc(dropEntry.id));
}

/** Entrants per size. */
export async function countEntrants(
  db: DbOrTx,
  dropIds: string[],
): Promise<Map<string, Map<number, number>>> {
  const counts = new Map<string, Map<number, number>>();
  if (dropIds.length === 0) return counts;
  const rows = await db
    .select({ dropId: dropEntry.dropId, size: dropEntry.size, count: sql<number>`count(*)::int` })
    .from(dropEntry)
    .where(inArray(dropEntry.dropId, dropIds))
    .groupBy(dropEntry.dropId, dropEntry.size);
  for (const row of rows) {
    const sizes = counts.get(row.dropId) ?? new Map<number, number>();
    sizes.set(row.size, row.count);
    counts.set(row.dropId, sizes);
  }
  return counts;
}

/** The draw's outcome, written in one statement per thousand entries. */
export async function writeDrawn(
  db: DbOrTx,
  outcomes: { id: string; rank: number; status: 'won' | 'waiting'; holdUntil: Date | null }[],
): Promise<void> {
  for (let start = 0; start < outcomes.length; start += 1000) {
    const chunk = outcomes.slice(start, start + 1000);
    const values = sql.join(
      chunk.map(
        (outcome) =>
          sql`(${outcome.id}, ${outcome.rank}::int, ${outcome.status}, ${outcome.holdUntil?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE drop_entry SET rank = v.rank, status = v.status, hold_until = v.hold_until
      FROM (VALUES ${values}) AS v(id, rank, status, hold_until)
      WHERE drop_entry.id = v.id`);
  }
}

/** A won entry's held pair goes to its order, if it is still held: exactly one of this and a lapse wins. */
export async function takeHeldPair(
  db: DbOrTx,
  entryId: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(dropEntry)
    .set({ orderId })
    .where(
      and(
        eq(dropEntry.id, entryId),
        eq(dropEntry.status, 'won'),
        isNull(dropEntry.orderId),
        sql`${dropEntry.holdUntil} > ${now}`,
      ),
    )
    .returning({ id: dropEntry.id });
  return rows.length > 0;
}

/** The won entry whose order this was, its order unlinked (the order was cancelled before payment). */
export async function unlinkOrder(db: DbOrTx, orderId: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .update(dropEntry)
    .set({ orderId: null })
    .where(and(eq(dropEntry.orderId, orderId), eq(dropEntry.status, 'won')))
    .returning();
  return row;
}

export async function markBought(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(dropEntry)
    .set({ status: 'bought' })
    .where(and(eq(dropEntry.orderId, orderId), eq(dropEntry.status, 'won')));
}

/** Winners of this drop whose hold ran out without an order: now lapsed. Their sizes, one per entry. */
export async function lapseDue(db: DbOrTx, dropId: string, now: Date): Promise<EntryRow[]> {
  return db
    .update(dropEntry)
    .set({ status: 'lapsed', announcedAt: null })
    .where(
      and(
        eq(dropEntry.dropId, dropId),
        eq(dropEntry.status, 'won'),
        isNull(dropEntry.orderId),
        lte(dropEntry.holdUntil, now),
      ),
    )
    .returning();
}

/** One entry lapsed by id (a cancelled order's winner whose hold had run out). */
export async function lapseEntry(db: DbOrTx, id: string): Promise<void> {
  await db.update(dropEntry).set({ status: 'lapsed', announcedAt: null }).where(eq(dropEntry.id, id));
}

/** The next waiting entrant of a size, in drawn order, promoted to winner holding a pair until `holdUntil`. */
export async function promoteNext(
  db: DbOrTx,
  dropId: string,
  size: number,
  holdUntil: Date,
): Promise<EntryRow | undefined> {
  const [next] = await db
    .select({ id: dropEntry.id })
    .from(dropEntry)
    .where(and(eq(dropEntry.dropId, dropId), eq(dropEntry.size, size), eq(dropEntry.status, 'waiting')))
    .orderBy(asc(dropEntry.rank))
    .limit(1);
  if (!next) return undefined;
  const [row] = await db
    .update(dropEntry)
    .set({ status: 'won', holdUntil, announcedAt: null })
    .where(eq(dropEntry.id, next.id))
    .returning();
  return row;
}

/** Entries whose news (won, not picked, lapsed) was not e-mailed yet. */
export function findUnannounced(db: DbOrTx, dropId: string, limit: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(dropEntry)
    .where(and(eq(dropEntry.dropId, dropId), isNull(dropEntry.announcedAt), isNotNull(dropEntry.rank)))
    .orderBy(asc(dropEntry.id))
    .limit(limit);
}

export async function markAnnounced(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(dropEntry).set({ announcedAt: new Date() }).where(inArray(dropEntry.id, ids));
}

/** True when winners still hold pairs (or are paying for them). */
export async function hasLiveWinners(db: DbOrTx, dropId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dropEntry.id })
    .from(dropEntry)
    .where(and(eq(dropEntry.dropId, dropId), eq(dropEntry.status, 'won')))
    .limit(1);
  return row !== undefined;
}

// Notify me

export async function setNotify(db: DbOrTx, dropId: string, userId: string, on: boolean): Promise<void> {
  if (on) await db.insert(dropNotify).values({ dropId, userId }).onConflictDoNothing();
  else await db.delete(dropNotify).where(and(eq(dropNotify.dropId, dropId), eq(dropNotify.userId, userId)));
}

export async function isNotifying(db: DbOrTx, dropId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: dropNotify.userId })
    .from(dropNotify)
    .where(and(eq(dropNotify.dropId, dropId), eq(dropNotify.userId, userId)));
  return row !== undefined;
}

export async function findNotified(db: DbOrTx, dropId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: dropNotify.userId })
    .from(dropNotify)
    .where(eq(dropNotify.dropId, dropId));
  return rows.map((row) => row.userId);
}

/** Claims the drop's notices once: true only for the caller that set `notified_at`. */
export async function claimNotices(db: DbOrTx, dropId: string): Promise<boolean> {
  const rows = await db
    .update(drop)
    .set({ notifiedAt: new Date() })
    .where(and(eq(drop.id, dropId), isNull(drop.notifiedAt)))
    .returning({ id: drop.id });
  return rows.length > 0;
}

// Proofs of work

/** Records a spent challenge; false when it was spent before. */
export async function spendProof(db: DbOrTx, challenge: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(dropProof)
    .values({ challenge, expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: dropProof.challenge });
  return rows.length > 0;
}

export async function pruneProofs(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(dropProof).where(lte(dropProof.expiresAt, now));
}

// The waiting room

export type TicketRow = typeof dropTicket.$inferSelect;

export async function findTicket(db: DbOrTx, dropId: string, userId: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(dropTicket)
    .where(and(eq(dropTicket.dropId, dropId), eq(dropTicket.userId, userId)));
  return row;
}

/** A place in the room; the one already held when this person is in it (one place per person). */
export async function joinRoom(
  db: DbOrTx,
  values: { dropId: string; userId: string; phase: 0 | 1; place: number | 'next' },
): Promise<TicketRow> {
  const place = values.place === 'next' ? sql`nextval('drop_ticket_arrival')` : sql`${values.place}`;
  await db.execute(sql`
    INSERT INTO drop_ticket (drop_id, user_id, phase, place)
    VALUES (${values.dropId}, ${values.userId}, ${values.phase}, ${place})
    ON CONFLICT (drop_id, user_id) DO NOTHING`);
  const row = await findTicket(db, values.dropId, values.userId);
  if (!row) throw new Error('waiting room ticket vanished');
  return row;
}

/** Leaves the room (an expired admission, before joining again at the back). */
export async function leaveRoom(db: DbOrTx, dropId: string, userId: string): Promise<void> {
  await db.delete(dropTicket).where(and(eq(dropTicket.dropId, dropId), eq(dropTicket.userId, userId)));
}

export async function countRoom(db: DbOrTx, dropId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dropTicket)
    .where(eq(dropTicket.dropId, dropId));
  return row?.count ?? 0;
}

/** Holds the drop's row against a draw until the transaction ends (entries take it shared, together). */
export async function shareLockDrop(db: DbOrTx, id: string): Promise<void> {
  await db.select({ id: drop.id }).from(drop).where(eq(drop.id, id)).for('share');
}

/**
 * A room's figures: everyone in it, those who bought through it, and those not yet bought whose place is
 * in `[liveFrom, liveTo)` of the room's order (their turn is running now).
 */
export async function roomFigures(
  db: DbOrTx,
  dropId: string,
  liveFrom: number,
  liveTo: number,
): Promise<{ joined: number; bought: number; holding: number }> {
  const room = db.$with('room').as(
    db
      .select({
        boughtAt: dropTicket.boughtAt,
        ahead: sql<number>`row_number() OVER (ORDER BY ${dropTicket.phase}, ${dropTicket.place}) - 1`.as(
          'ahead',
        ),
      })
      .from(dropTicket)
      .where(eq(dropTicket.dropId, dropId)),
  );
  const [row] = await db
    .with(room)
    .select({
      joined: sql<number>`count(*)::int`,
      bought: sql<number>`count(${room.boughtAt})::int`,
      holding: sql<number>`(count(*) FILTER (WHERE ${room.ahead} >= ${liveFrom} AND ${room.ahead} < ${liveTo} AND ${room.boughtAt} IS NULL))::int`,
    })
    .from(room);
  return { joined: row?.joined ?? 0, bought: row?.bought ?? 0, holding: row?.holding ?? 0 };
}

/** The order an admitted shopper placed, kept on their place so its payment counts them as a buyer. */
export async function linkTicketOrder(db: DbOrTx, dropId: string, userId: string, orderId: string) {
  await db
    .update(dropTicket)
    .set({ orderId })
    .where(and(eq(dropTicket.dropId, dropId), eq(dropTicket.userId, userId)));
}

export async function markTicketBought(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(dropTicket)
    .set({ boughtAt: new Date() })
    .where(and(eq(dropTicket.orderId, orderId), isNull(dropTicket.boughtAt)));
}

/** Every place in the room (its order is read from `phase` and `place`). */
export function findPlaces(
  db: DbOrTx,
  dropId: string,
): Promise<Pick<TicketRow, 'userId' | 'phase' | 'place'>[]> {
  return db
    .select({ userId: dropTicket.userId, phase: dropTicket.phase, place: dropTicket.place })
    .from(dropTicket)
    .where(eq(dropTicket.dropId, dropId));
}

/** The places of the arrivals after the release whose number is above `place`. */
export function findArrivalsAfter(
  db: DbOrTx,
  dropId: string,
  place: number,
): Promise<Pick<TicketRow, 'userId' | 'phase' | 'place'>[]> {
  return db
    .select({ userId: dropTicket.userId, phase: dropTicket.phase, place: dropTicket.place })
    .from(dropTicket)
    .where(and(eq(dropTicket.dropId, dropId), eq(dropTicket.phase, 1), gt(dropTicket.place, place)));
}

// One shopper's drops

export function findDropsByIds(db: DbOrTx, ids: string[]): Promise<DropRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(drop).where(inArray(drop.id, ids)).orderBy(desc(drop.releaseAt));
}

export function findEntriesOf(db: DbOrTx, userId: string): Promise<EntryRow[]> {
  return db.select().from(dropEntry).where(eq(dropEntry.userId, userId));
}

export function findTicketsOf(db: DbOrTx, userId: string): Promise<TicketRow[]> {
  return db.select().from(dropTicket).where(eq(dropTicket.userId, userId));
}

/**
 * Erases an entrant from their draw entries, which stay because a draw's published result lists each
 * entry's anonymous id and rank: the address key becomes the entry's own id (still unique per drop), the
 * phone key and the frozen ship-to go. Their drop notices go. Answers the personal values the entries held.
 */
export async function eraseEntrant(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ addressKey: dropEntry.addressKey, phoneKey: dropEntry.phoneKey, shipTo: dropEntry.shipTo })
    .from(dropEntry)
    .where(eq(dropEntry.userId, userId));
  await db
    .update(dropEntry)
    .set({ addressKey: sql`'erased:' || ${dropEntry.id}`, phoneKey: '', shipTo: null })
    .where(eq(dropEntry.userId, userId));
  await db.delete(dropNotify).where(eq(dropNotify.userId, userId));
  return rows.flatMap(({ addressKey, phoneKey, shipTo }) => [
    addressKey,
    phoneKey,
    ...(shipTo ? [shipTo.fullName, shipTo.address, shipTo.name, shipTo.phone] : []),
  ]);
}
