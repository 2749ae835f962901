import {
  ADMISSION_MINUTES,
  type Drop,
  type DropRoomFigures,
  type DropSummary,
  type Product,
  sizeKey,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog';
import { admittedCount } from './admission';
import { drawnOrder } from './draw';
import { dropState, entryWindow, preQueueOpensAt, roomOf } from './drop-state';
import type { DropRow } from './drops.repository';
import * as repository from './drops.repository';

/** The products of these drops, by id (archived ones left out). */
async function productsOf(db: DbOrTx, rows: DropRow[]): Promise<Map<string, Product>> {
  const products = await catalog.getProducts(db, [...new Set(rows.map((row) => row.productId))]);
  return new Map(products.map((product) => [product._id, product]));
}

/** Where these drops stand now, by id. */
export async function statesOf(db: DbOrTx, rows: DropRow[], now = Date.now()) {
  const states = new Map<string, DropSummary['state']>();
  for (const row of rows) {
    const liveWinners =
      row.mode === 'draw' && row.drawnAt ? await repository.hasLiveWinners(db, row.id) : false;
    const roomSize =
      row.mode === 'queue' && now >= row.releaseAt.getTime() ? await repository.countRoom(db, row.id) : 0;
    states.set(row.id, dropState(row, now, { liveWinners, roomSize }));
  }
  return states;
}

/**
 * A first-come drop's room in figures at `now`: the places whose turn has come, and among them those whose
 * admission still runs and who have not bought. Null for a draw.
 */
async function roomFiguresOf(db: DbOrTx, row: DropRow, now: number): Promise<DropRoomFigures | null> {
  if (row.mode !== 'queue') return null;
  const room = roomOf(row);
  const liveFrom = admittedCount(room, now - ADMISSION_MINUTES * 60_000);
  const liveTo = admittedCount(room, now);
  const figures = await repository.roomFigures(db, row.id, liveFrom, liveTo);
  return { ...figures, admitted: Math.min(figures.joined, liveTo) };
}

function summaryOf(
  row: DropRow,
  product: Product | undefined,
  state: DropSummary['state'],
  entrants: Map<number, number>,
  room: DropRoomFigures | null,
): DropSummary {
  const window = row.mode === 'draw' ? entryWindow(row) : undefined;
  const stock = product?.stock ?? {};
  return {
    id: row.id,
    mode: row.mode === 'draw' ? 'draw' : 'queue',
    state,
    product: {
      id: row.productId,
      name: product?.name ?? 'Archived product',
      brand: product?.brand ?? '',
      gender: product?.gender ?? [],
      price: product?.price ?? 0,
      card_picture: product?.card_picture ?? '',
    },
    releaseAt: row.releaseAt.toISOString(),
    entryOpensAt: window?.opens.toISOString() ?? null,
    entryClosesAt: window?.closes.toISOString() ?? null,
    preQueueOpensAt: row.mode === 'queue' ? preQueueOpensAt(row).toISOString() : null,
    perPersonLimit: row.perPersonLimit,
    purchaseWindowMinutes: row.purchaseWindowMinutes,
    admissionPerMinute: row.mode === 'queue' ? row.admissionPerMinute : null,
    sizes: Object.entries(stock)
      .map(([size, units]) => ({ size, units, entrants: entrants.get(Number(size)) ?? 0 }))
      .sort((a, b) => Number(a.size) - Number(b.size)),
    commitment: row.commitment,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    room,
  };
}

/** The drops as the API shows them, in the order given. */
export async function summariesOf(db: DbOrTx, rows: DropRow[], now = Date.now()): Promise<DropSummary[]> {
  const [products, states, entrants, rooms] = await Promise.all([
    productsOf(db, rows),
    statesOf(db, rows, now),
    repository.countEntrants(
      db,
      rows.map((row) => row.id),
    ),
    Promise.all(rows.map((row) => roomFiguresOf(db, row, now))),
  ]);
  return rows.map((row, index) =>
    summaryOf(
      row,
      products.get(row.productId),
      states.get(row.id) ?? 'scheduled',
      entrants.get(row.id) ?? new Map(),
      rooms[index] ?? null,
    ),
  );
}

/**
 * One drop with its proof once drawn: the seed, every entry id per size (in the order they were made) and
 * per size the first `units` ids of the drawn order, recomputed from the seed as anyone would.
 */
export async function dropView(db: DbOrTx, row: DropRow): Promise<Drop> {
  const [summary] = await summariesOf(db, [row]);
  if (!summary) throw new Error('drop summary missing');
  if (!row.drawnAt || !row.seed) return { ...summary, seed: null, entries: null, winners: null };
  const entries: Record<string, string[]> = {};
  for (const entry of await repository.findEntries(db, row.id)) {
    const size = sizeKey(entry.size);
    entries[size] = [...(entries[size] ?? []), entry.id];
  }
  const winners: Record<string, string[]> = {};
  for (const [size, ids] of Object.entries(entries)) {
    winners[size] = drawnOrder(row.seed, ids).slice(0, row.drawnUnits?.[size] ?? 0);
  }
  return { ...summary, seed: row.seed, entries, winners };
}
