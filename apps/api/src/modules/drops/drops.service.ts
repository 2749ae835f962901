import type { Drop, DropBody, DropSummary, StaffDropEntry } from '@shop/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Snapshot } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import { csvRow } from '../../lib/csv';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import * as users from '../users';
import { commitmentOf, newSeed } from './draw';
import type { DropDeps, DropJob } from './drop-deps';
import { entryWire } from './drop-entries';
import { forgetDrop } from './drop-memory';
import { entryWindow, preQueueOpensAt } from './drop-state';
import { dropView, statesOf, summariesOf } from './drop-views';
import type { DropRow } from './drops.repository';
import * as repository from './drops.repository';

/** How many drops the staff's list shows (newest release first). */
const STAFF_LIST_LIMIT = 500;

function snapshot(row: DropRow, productName: string): Snapshot {
  return {
    productId: row.productId,
    productName,
    mode: row.mode,
    releaseAt: row.releaseAt.toISOString(),
    entryOpensAt: row.entryOpensAt?.toISOString() ?? null,
    entryClosesAt: row.entryClosesAt?.toISOString() ?? null,
    perPersonLimit: row.perPersonLimit,
    purchaseWindowMinutes: row.purchaseWindowMinutes,
    admissionPerMinute: row.admissionPerMinute,
    preQueueMinutes: row.preQueueMinutes,
  };
}

/** Queues the drop's timed work in `tx`: keyed by its time, so a changed time queues new work. */
async function scheduleWork(deps: DropDeps, tx: Tx, row: DropRow): Promise<void> {
  const opensAt = row.mode === 'draw' ? entryWindow(row).opens : preQueueOpensAt(row);
  const job = (kind: DropJob['kind']): DropJob => ({ kind, dropId: row.id });
  await deps.jobs.send('drops', job('notice'), {
    key: `drop-notice:${row.id}:${opensAt.getTime()}`,
    startAfter: opensAt,
    tx,
  });
  if (row.mode !== 'draw') return;
  const closes = entryWindow(row).closes;
  await deps.jobs.send('drops', job('draw'), {
    key: `drop-draw:${row.id}:${closes.getTime()}`,
    startAfter: closes,
    tx,
  });
}

/** The product a drop releases: on sale in the catalogue, with its name and units per size. */
async function releasedProduct(tx: Tx, productId: string) {
  const [product] = await catalog.getProducts(tx, [productId]);
  if (!product) throw AppError.invalid('productId', 'is not a product in the catalogue');
  return product;
}

/** The row's fields from a staff body: defaults filled, times checked against the clock. */
function rowValues(body: DropBody, units: number, now: number) {
  const releaseAt = new Date(body.releaseAt);
  if (releaseAt.getTime() <= now) throw AppError.invalid('releaseAt', 'must be in the future');
  const draw = body.mode === 'draw';
  const closes = draw ? new Date(body.entryClosesAt ?? body.releaseAt) : null;
  if (closes && closes.getTime() <= now) throw AppError.invalid('entryClosesAt', 'must be in the future');
  return {
    productId: body.productId,
    mode: body.mode,
    releaseAt,
    entryOpensAt: draw ? new Date(body.entryOpensAt ?? now) : null,
    entryClosesAt: closes,
    perPersonLimit: body.perPersonLimit ?? 1,
    purchaseWindowMinutes: body.purchaseWindowMinutes ?? 30,
    // Default: the units on sale a minute, and at least ten, so a small release still moves.
    admissionPerMinute: draw ? null : (body.admissionPerMinute ?? Math.max(10, units)),
    preQueueMinutes: draw ? 15 : (body.preQueueMinutes ?? 15),
  };
}

function totalUnits(stock: Record<string, number>): number {
  return Object.values(stock).reduce((sum, units) => sum + units, 0);
}

/** Staff schedule a product's release. A draw's seed is made now and its commitment published at once. */
export async function createDrop(deps: DropDeps, actor: CurrentUser, body: DropBody): Promise<Drop> {
  const row = await deps.events.transaction(deps.db, async (tx, publish) => {
    const product = await releasedProduct(tx, body.productId);
    if (await repository.findDropOfProduct(tx, body.productId))
      throw AppError.invalid('productId', 'already has a drop');
    const seed = body.mode === 'draw' ? newSeed() : null;
    const row = await repository.insertDrop(tx, {
      ...rowValues(body, totalUnits(product.stock), Date.now()),
      seed,
      commitment: seed ? commitmentOf(seed) : null,
    });
    await scheduleWork(deps, tx, row);
    await publish({
      type: 'drop.created',
      dropId: row.id,
      actorId: actor.id,
      before: null,
      after: snapshot(row, product.name),
    });
    return row;
  });
  return dropView(deps.db, row);
}

/** Staff change a drop until it starts (its entry or pre-queue opens). */
export async function updateDrop(
  deps: DropDeps,
  actor: CurrentUser,
  id: string,
  body: DropBody,
): Promise<Drop> {
  const row = await deps.events.transaction(deps.db, async (tx, publish) => {
    const current = await repository.lockDrop(tx, id);
    if (!current) throw AppError.notFound('Drop');
    const [state] = (await statesOf(tx, [current])).values();
    if (state !== 'scheduled')
      throw new AppError('CONFLICT', 'This drop has started: it can no longer be changed');
    const product = await releasedProduct(tx, body.productId);
    const other = await repository.findDropOfProduct(tx, body.productId);
    if (other && other.id !== id) throw AppError.invalid('productId', 'already has a drop');
    const seed = body.mode === 'draw' ? (current.seed ?? newSeed()) : null;
    const row = await repository.updateDrop(tx, id, {
      ...rowValues(body, totalUnits(product.stock), Date.now()),
      seed,
      commitment: seed ? commitmentOf(seed) : null,
      notifiedAt: null,
    });
    await scheduleWork(deps, tx, row);
    await publish({
      type: 'drop.updated',
      dropId: id,
      actorId: actor.id,
      before: snapshot(current, product.name),
      after: snapshot(row, product.name),
    });
    return row;
  });
  forgetDrop(deps.db, id);
  return dropView(deps.db, row);
}

export async function getDrop(db: Db, id: string): Promise<Drop> {
  const row = await repository.findDrop(db, id);
  if (!row) throw AppError.notFound('Drop');
  return dropView(db, row);
}

/** Upcoming and live drops, soonest release first (finished ones are ordinary products again). */
export async function currentDrops(db: Db, productId?: string): Promise<DropSummary[]> {
  const rows = productId
    ? [await repository.findDropOfProduct(db, productId)].filter((row) => row !== undefined)
    : await repository.listDrops(db, STAFF_LIST_LIMIT);
  const summaries = await summariesOf(db, rows);
  return summaries
    .filter((drop) => drop.state !== 'finished')
    .sort((a, b) => a.releaseAt.localeCompare(b.releaseAt));
}

/** The staff's list: every drop, newest release first. */
export async function staffDrops(db: Db): Promise<DropSummary[]> {
  return summariesOf(db, await repository.listDrops(db, STAFF_LIST_LIMIT));
}

/** A drop's entries with their entrants, for staff. */
export async function staffEntries(db: Db, dropId: string): Promise<StaffDropEntry[]> {
  if (!(await repository.findDrop(db, dropId))) throw AppError.notFound('Drop');
  const entries = await repository.findEntries(db, dropId);
  const people = await users.contactsOf(
    db,
    entries.map((entry) => entry.userId),
  );
  return entries.map((entry) => {
    const person = people.get(entry.userId);
    return {
      ...entryWire(entry),
      user: { id: entry.userId, username: person?.username ?? 'deleted', email: person?.email ?? '' },
      paid: entry.status === 'bought',
    };
  });
}

const DROP_ENTRIES_HEADER = [
  'entry',
  'size',
  'status',
  'rank',
  'winner',
  'username',
  'email',
  'hold_until',
  'order',
  'paid',
  'entered_at',
];

/** The entries as CSV (winners marked), recorded in the audit trail: it names people and their e-mails. */
export async function exportEntries(deps: DropDeps, actor: CurrentUser, dropId: string): Promise<string> {
  const entries = await staffEntries(deps.db, dropId);
  await deps.events.transaction(deps.db, async (_tx, publish) => {
    await publish({
      type: 'drop.exported',
      dropId,
      actorId: actor.id,
      before: null,
      after: { entries: entries.length },
    });
  });
  const rows = entries.map((entry) => [
    entry.id,
    entry.size,
    entry.status,
    entry.rank ?? '',
    entry.status === 'won' || entry.status === 'bought' ? 'yes' : 'no',
    entry.user.username,
    entry.user.email,
    entry.holdUntil ?? '',
    entry.orderId ?? '',
    entry.paid ? 'yes' : 'no',
    entry.createdAt,
  ]);
  return csvRow(DROP_ENTRIES_HEADER) + rows.map(csvRow).join('');
}

export async function notifyStatus(db: Db, dropId: string, userId: string): Promise<boolean> {
  if (!(await repository.findDrop(db, dropId))) throw AppError.notFound('Drop');
  return repository.isNotifying(db, dropId, userId);
}

export async function setNotify(db: Db, dropId: string, userId: string, on: boolean): Promise<boolean> {
  if (!(await repository.findDrop(db, dropId))) throw AppError.notFound('Drop');
  await repository.setNotify(db, dropId, userId, on);
  return on;
}

/** Which of these products are a drop's (a promotion applies to them only when it says so). */
export async function dropProducts(db: DbOrTx, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await repository.findDropsOfProducts(db, productIds);
  return new Set(rows.map((row) => row.productId));
}
