import { type Drop, sizeKey } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import type { Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog';
import { sizeWordsPerSystem } from '../sizes';
import * as users from '../users';
import { drawnOrder } from './draw';
import type { DropDeps, DropJob } from './drop-deps';
import { dropEmail, dropNews, noticeNews } from './drop-news';
import { entryWindow, preQueueOpensAt } from './drop-state';
import { dropView } from './drop-views';
import type { DropRow, EntryRow } from './drops.repository';
import * as repository from './drops.repository';

/** A winner pays from the release (or the draw, when later) until the purchase window ends. */
function holdEnd(row: DropRow, now: number): Date {
  return new Date(Math.max(row.releaseAt.getTime(), now) + row.purchaseWindowMinutes * 60_000);
}

/** Queues, in `tx`, the e-mails of the draw's news and a lapse check when the holds run out. */
async function queueFollowUp(deps: DropDeps, tx: Tx, row: DropRow, holdUntil: Date | null): Promise<void> {
  await deps.jobs.send('drops', { kind: 'announce', dropId: row.id } satisfies DropJob, { tx });
  if (!holdUntil) return;
  await deps.jobs.send('drops', { kind: 'lapse', dropId: row.id } satisfies DropJob, {
    key: `drop-lapse:${row.id}:${holdUntil.getTime()}`,
    startAfter: holdUntil,
    tx,
  });
}

/**
 * Draws a closed draw, once (the drop's row locked): per size, the drawn order of its entries from the seed
 * (see draw.ts); the first as many as the size has pairs win and each gets a pair held for them; the rest
 * wait in drawn order. Staff may draw at the close ("draw now"); the shop's clock draws otherwise.
 */
async function drawIn(
  deps: DropDeps,
  tx: Tx,
  publish: Publish,
  row: DropRow,
  actorId: string | null,
): Promise<DropRow> {
  const now = Date.now();
  if (!row.seed) throw new Error(`drop ${row.id} has no seed`);
  const entries = await repository.findEntries(tx, row.id);
  const bySize = new Map<number, string[]>();
  for (const entry of entries) bySize.set(entry.size, [...(bySize.get(entry.size) ?? []), entry.id]);
  const stock = await catalog.stockLines(
    tx,
    [...bySize.keys()].map((size) => ({ productId: row.productId, size })),
  );
  const holdUntil = holdEnd(row, now);
  const drawnUnits: Record<string, number> = {};
  const outcomes: Parameters<typeof repository.writeDrawn>[1] = [];
  for (const [size, ids] of bySize) {
    const units = stock.find((line) => line.size === size)?.units ?? 0;
    drawnOrder(row.seed, ids).forEach((id, index) => {
      const won = index < units;
      outcomes.push({
        id,
        rank: index + 1,
        status: won ? 'won' : 'waiting',
        holdUntil: won ? holdUntil : null,
      });
    });
    const winners = Math.min(units, ids.length);
    drawnUnits[sizeKey(size)] = winners;
    if (winners > 0 && !(await catalog.reserveUnits(tx, row.productId, size, winners)))
      throw new AppError('CONFLICT', 'The stock changed during the draw: draw again');
  }
  await repository.writeDrawn(tx, outcomes);
  const drawn = await repository.updateDrop(tx, row.id, { drawnAt: new Date(now), drawnUnits });
  await publish({
    type: 'drop.drawn',
    dropId: row.id,
    actorId,
    before: { drawnAt: null },
    after: {
      drawnAt: drawn.drawnAt?.toISOString() ?? null,
      entries: entries.length,
      winners: outcomes.filter((o) => o.status === 'won').length,
    },
  });
  await queueFollowUp(deps, tx, row, outcomes.some((o) => o.status === 'won') ? holdUntil : null);
  return drawn;
}

/** "Draw now" (staff): after the entry closed, once. */
export async function drawNow(deps: DropDeps, actorId: string, dropId: string): Promise<Drop> {
  const row = await deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.lockDrop(tx, dropId);
    if (!row) throw AppError.notFound('Drop');
    if (row.mode !== 'draw')
      throw new AppError('CONFLICT', 'This release is first come, first served: it has no draw');
    if (row.drawnAt) throw new AppError('CONFLICT', 'This draw has already been made');
    if (Date.now() < entryWindow(row).closes.getTime())
      throw new AppError(
        'CONFLICT',
        `The entry is open until ${entryWindow(row).closes.toISOString()}: draw after it closes`,
      );
    return drawIn(deps, tx, publish, row, actorId);
  });
  return dropView(deps.db, row);
}

/** The clock's draw at the close (a job, and the sweep's catch-up): nothing when drawn or not closed yet. */
async function drawWhenDue(deps: DropDeps, dropId: string): Promise<void> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.lockDrop(tx, dropId);
    if (row?.mode !== 'draw' || row.drawnAt || Date.now() < entryWindow(row).closes.getTime()) return;
    await drawIn(deps, tx, publish, row, null);
  });
}

/**
 * A pair a winner gave up (not paid in time) goes to the next waiting entrant of the size, in drawn order,
 * who holds it for a purchase window from now; without one, it goes back on sale.
 */
async function passOn(deps: DropDeps, tx: Tx, row: DropRow, size: number): Promise<void> {
  const holdUntil = holdEnd(row, Date.now());
  const next = await repository.promoteNext(tx, row.id, size, holdUntil);
  if (!next) return;
  if (!(await catalog.reserveUnits(tx, row.productId, size, 1))) {
    throw new Error(`drop ${row.id}: a released pair of size ${size} could not be held again`);
  }
  await queueFollowUp(deps, tx, row, holdUntil);
}

/** Winners whose hold ran out without an order: their pairs pass on. */
async function lapseWhenDue(deps: DropDeps, dropId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockDrop(tx, dropId);
    if (!row) return;
    const lapsed = await repository.lapseDue(tx, dropId, new Date());
    for (const entry of lapsed) {
      await catalog.releaseUnits(tx, row.productId, entry.size, 1);
      await passOn(deps, tx, row, entry.size);
    }
    if (lapsed.length > 0) await queueFollowUp(deps, tx, row, null);
  });
}

/**
 * A winner's unpaid order was cancelled (by them, by staff, or because it was not paid in time): its
 * cancellation put the pair back on sale. While the hold lasts, the pair is held for the winner again;
 * after it, the winner's chance lapses and the pair passes on. In the cancellation's transaction.
 */
export async function onOrderCancelled(deps: DropDeps, db: DbOrTx, orderId: string): Promise<void> {
  // A savepoint in the cancellation's transaction (the work below queues jobs, which needs a transaction).
  await db.transaction(async (tx) => {
    const entry = await repository.unlinkOrder(tx, orderId);
    if (!entry) return;
    const row = await repository.lockDrop(tx, entry.dropId);
    if (!row) return;
    if (entry.holdUntil && entry.holdUntil.getTime() > Date.now()) {
      if (await catalog.reserveUnits(tx, row.productId, entry.size, 1)) return;
    }
    await repository.lapseEntry(tx, entry.id);
    await passOn(deps, tx, row, entry.size);
    await queueFollowUp(deps, tx, row, null);
  });
}

/** A winner paid: their entry is bought; an admitted shopper paid: their place counts as a buyer. In the payment's transaction. */
export async function onOrderPaid(tx: DbOrTx, orderId: string): Promise<void> {
  await repository.markBought(tx, orderId);
  await repository.markTicketBought(tx, orderId);
}

/** How many e-mails one announce job queues per batch. */
const ANNOUNCE_BATCH = 200;

/** Tells each entrant what the draw (or a pass-on) meant for them, once per news. */
async function announce(deps: DropDeps, dropId: string): Promise<void> {
  const row = await repository.findDrop(deps.db, dropId);
  if (!row) return;
  const [product] = await catalog.getProducts(deps.db, [row.productId]);
  const wordsIn = sizeWordsPerSystem(deps.db, [row.productId]);
  for (;;) {
    const batch = await repository.findUnannounced(deps.db, dropId, ANNOUNCE_BATCH);
    if (batch.length === 0) return;
    const people = await users.contactsOf(
      deps.db,
      batch.map((entry) => entry.userId),
    );
    for (const entry of batch) {
      const person = people.get(entry.userId);
      const news = dropNews(deps.siteUrl, row, product?.name ?? 'the release', entry);
      if (person && news) {
        const reader = { username: person.username, sizeWords: await wordsIn(person.sizeSystem) };
        await deps.mailer.send(dropEmail(person.email, news(reader)), {
          queue: 'bulkMail',
          key: newsKey(entry),
        });
      }
    }
    await repository.markAnnounced(
      deps.db,
      batch.map((entry) => entry.id),
    );
  }
}

function newsKey(entry: EntryRow): string {
  return `drop-news:${entry.id}:${entry.status}:${entry.holdUntil?.getTime() ?? 0}`;
}

/** "Notify me": one e-mail to each shopper who asked, when the entry or the pre-queue opens. */
async function sendNotices(deps: DropDeps, dropId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockDrop(tx, dropId);
    if (!row || row.notifiedAt) return;
    const opens = row.mode === 'draw' ? entryWindow(row).opens : preQueueOpensAt(row);
    if (Date.now() < opens.getTime()) return;
    await repository.claimNotices(tx, dropId);
    const [product] = await catalog.getProducts(tx, [row.productId]);
    const people = await users.contactsOf(tx, await repository.findNotified(tx, dropId));
    for (const [userId, person] of people) {
      const news = noticeNews(deps.siteUrl, row, product?.name ?? 'the release', person.username);
      await deps.mailer.send(dropEmail(person.email, news), {
        queue: 'bulkMail',
        key: `drop-notice:${dropId}:${userId}`,
        tx,
      });
    }
  });
}

export async function runDropJob(deps: DropDeps, job: DropJob): Promise<void> {
  if (job.kind === 'draw') await drawWhenDue(deps, job.dropId);
  else if (job.kind === 'lapse') await lapseWhenDue(deps, job.dropId);
  else if (job.kind === 'announce') await announce(deps, job.dropId);
  else await sendNotices(deps, job.dropId);
}

/** The minutely catch-up: draws, lapses and notices whose job went missing; spent proofs that expired. */
export async function sweepDrops(deps: DropDeps): Promise<void> {
  const now = new Date();
  for (const row of await repository.findDueDraws(deps.db, now)) await drawWhenDue(deps, row.id);
  for (const dropId of await repository.findDueLapses(deps.db, now)) await lapseWhenDue(deps, dropId);
  for (const row of await repository.findDueNotices(deps.db, now)) await sendNotices(deps, row.id);
  await repository.pruneProofs(deps.db, now);
}
