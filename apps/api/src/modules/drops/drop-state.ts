import type { DropState } from '@shop/contracts';
import { admissionExpiry, admittedCount, type Room, turnAt } from './admission';
import type { DropRow } from './drops.repository';

/** What decides a drop's state beyond its row and the clock. */
export interface DropFacts {
  /** A draw's winners still hold pairs (or are paying for them). */
  liveWinners: boolean;
  /** Shoppers in a first-come drop's waiting room. */
  roomSize: number;
}

/** When the pre-queue of a first-come drop opens. */
export function preQueueOpensAt(row: DropRow): Date {
  return new Date(row.releaseAt.getTime() - row.preQueueMinutes * 60_000);
}

/** When a draw's entry opens and closes (stored on every draw). */
export function entryWindow(row: DropRow): { opens: Date; closes: Date } {
  return { opens: row.entryOpensAt ?? row.createdAt, closes: row.entryClosesAt ?? row.releaseAt };
}

export function roomOf(row: DropRow): Room {
  return { releaseAt: row.releaseAt, rate: row.admissionPerMinute ?? 1 };
}

function drawState(row: DropRow, now: number, facts: DropFacts): DropState {
  const { opens, closes } = entryWindow(row);
  if (now < opens.getTime()) return 'scheduled';
  if (now < closes.getTime()) return 'entry_open';
  if (!row.drawnAt) return 'entry_closed';
  return facts.liveWinners ? 'drawn' : 'finished';
}

/**
 * A first-come drop is over once everyone who queued has had their turn and their admission ran out: the
 * pairs left are then on normal sale.
 */
function queueState(row: DropRow, now: number, facts: DropFacts): DropState {
  if (now < preQueueOpensAt(row).getTime()) return 'scheduled';
  if (now < row.releaseAt.getTime()) return 'pre_queue';
  const room = roomOf(row);
  const lastTurn = facts.roomSize > 0 ? turnAt(room, facts.roomSize - 1) : row.releaseAt;
  const drained = admittedCount(room, now) >= facts.roomSize && now >= admissionExpiry(lastTurn).getTime();
  return drained ? 'finished' : 'live';
}

export function dropState(row: DropRow, now: number, facts: DropFacts): DropState {
  return row.mode === 'draw' ? drawState(row, now, facts) : queueState(row, now, facts);
}

/** A state in which the drop's product cannot be bought as usual. */
export function gates(state: DropState): boolean {
  return state !== 'finished';
}
