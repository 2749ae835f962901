import type { QueueStatus } from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import { admissionExpiry, admittedCount, shuffledPlace, signAdmission, turnAt } from './admission';
import type { DropDeps } from './drop-deps';
import { roomMemory } from './drop-memory';
import { dropState, preQueueOpensAt, roomOf } from './drop-state';
import type { DropRow } from './drops.repository';
import * as repository from './drops.repository';

/** The drop as this instance holds it, if it is a first-come drop. */
async function roomDrop(deps: DropDeps, dropId: string): Promise<{ row: DropRow; soldOut: boolean }> {
  const { row, soldOut } = await roomMemory(deps.db).drop(dropId);
  if (!row) throw AppError.notFound('Drop');
  if (row.mode !== 'queue')
    throw new AppError('CONFLICT', 'This release is a draw: enter it on the product page');
  return { row, soldOut };
}

/**
 * Where this place stands: in the pre-queue (no position yet: everyone there is shuffled at the release),
 * waiting (position and an estimate that only goes down: the turn's time is fixed by the place), admitted
 * (a signed token bound to the account, until the admission expires), or expired. Read from this
 * instance's memory (drop-memory.ts): a poll reads no database.
 */
async function statusOf(
  deps: DropDeps,
  drop: { row: DropRow; soldOut: boolean },
  userId: string,
  now: number,
): Promise<QueueStatus> {
  const { row, soldOut } = drop;
  const releaseAt = row.releaseAt.toISOString();
  const place = await roomMemory(deps.db).place(row, userId, now);
  if (!place) throw new AppError('NOT_FOUND', 'You are not in this waiting room: join it first');
  if (now < row.releaseAt.getTime()) {
    const estimateSeconds = Math.ceil((row.releaseAt.getTime() - now) / 1000);
    return { admitted: false, state: 'pre_queue', position: null, estimateSeconds, releaseAt };
  }
  const room = roomOf(row);
  const turn = turnAt(room, place.ahead);
  if (now >= turn.getTime()) {
    const expiresAt = admissionExpiry(turn);
    if (now >= expiresAt.getTime())
      return { admitted: false, state: 'expired', position: null, estimateSeconds: 0, releaseAt };
    if (soldOut) return { admitted: false, state: 'sold_out', position: null, estimateSeconds: 0, releaseAt };
    const token = signAdmission(deps.secret, { dropId: row.id, userId, expiresAt: expiresAt.getTime() });
    return { admitted: true, token, expiresAt: expiresAt.toISOString() };
  }
  const position = Math.max(1, place.ahead + 1 - admittedCount(room, now));
  const estimateSeconds = Math.ceil((turn.getTime() - now) / 1000);
  return { admitted: false, state: soldOut ? 'sold_out' : 'waiting', position, estimateSeconds, releaseAt };
}

/**
 * Joins a first-come drop's waiting room, one place per person (joining again keeps it). Before the
 * release the place is a random number (the pre-queue's shuffle); after it, the next in arrival order. An
 * admission that ran out gives way to a new place at the back.
 */
export async function joinRoom(deps: DropDeps, viewer: CurrentUser, dropId: string): Promise<QueueStatus> {
  const drop = await roomDrop(deps, dropId);
  const { row } = drop;
  const now = Date.now();
  if (now < preQueueOpensAt(row).getTime()) {
    throw new AppError(
      'DROP_NOT_RELEASED',
      `The waiting room opens at ${preQueueOpensAt(row).toISOString()}, before the release at ${row.releaseAt.toISOString()}`,
    );
  }
  const memory = roomMemory(deps.db);
  const existing = await repository.findTicket(deps.db, dropId, viewer.id);
  if (existing) {
    await memory.joined(existing);
    const status = await statusOf(deps, drop, viewer.id, now);
    if (status.admitted || status.state !== 'expired') return status;
    await repository.leaveRoom(deps.db, dropId, viewer.id);
    memory.left(dropId);
  } else if (
    dropState(row, now, { liveWinners: false, roomSize: await repository.countRoom(deps.db, dropId) }) ===
    'finished'
  ) {
    throw new AppError('CONFLICT', 'This release is over: any pairs left are on sale as usual');
  }
  const preQueue = now < row.releaseAt.getTime();
  const ticket = await repository.joinRoom(deps.db, {
    dropId,
    userId: viewer.id,
    phase: preQueue ? 0 : 1,
    place: preQueue ? shuffledPlace() : 'next',
  });
  await memory.joined(ticket);
  return statusOf(deps, drop, viewer.id, now);
}

/** A poll of the waiting room: from this instance's memory, no database read. */
export async function roomStatus(deps: DropDeps, viewer: CurrentUser, dropId: string): Promise<QueueStatus> {
  return statusOf(deps, await roomDrop(deps, dropId), viewer.id, Date.now());
}
