import type { QueueStatus } from '@shop/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import { admissionExpiry, admittedCount, shuffledPlace, signAdmission, turnAt } from './admission';
import type { DropDeps } from './drop-deps';
import { dropState, preQueueOpensAt, roomOf } from './drop-state';
import type { DropRow, TicketRow } from './drops.repository';
import * as repository from './drops.repository';

async function roomDrop(db: Db, dropId: string): Promise<DropRow> {
  const row = await repository.findDrop(db, dropId);
  if (!row) throw AppError.notFound('Drop');
  if (row.mode !== 'queue')
    throw new AppError('CONFLICT', 'This release is a draw: enter it on the product page');
  return row;
}

async function soldOut(db: Db, row: DropRow): Promise<boolean> {
  const [product] = await catalog.getProducts(db, [row.productId]);
  return !product || Object.values(product.stock).every((units) => units <= 0);
}

/**
 * Where this place stands: in the pre-queue (no position yet: everyone there is shuffled at the release),
 * waiting (position and an estimate that only goes down: the turn's time is fixed by the place), admitted
 * (a signed token bound to the account, until the admission expires), or expired.
 */
async function statusOf(deps: DropDeps, row: DropRow, ticket: TicketRow, now: number): Promise<QueueStatus> {
  const releaseAt = row.releaseAt.toISOString();
  if (now < row.releaseAt.getTime()) {
    const estimateSeconds = Math.ceil((row.releaseAt.getTime() - now) / 1000);
    return { admitted: false, state: 'pre_queue', position: null, estimateSeconds, releaseAt };
  }
  const room = roomOf(row);
  const ahead = await repository.countAhead(deps.db, ticket);
  const turn = turnAt(room, ahead);
  if (now >= turn.getTime()) {
    const expiresAt = admissionExpiry(turn);
    if (now >= expiresAt.getTime())
      return { admitted: false, state: 'expired', position: null, estimateSeconds: 0, releaseAt };
    if (await soldOut(deps.db, row))
      return { admitted: false, state: 'sold_out', position: null, estimateSeconds: 0, releaseAt };
    const token = signAdmission(deps.secret, {
      dropId: row.id,
      userId: ticket.userId,
      expiresAt: expiresAt.getTime(),
    });
    return { admitted: true, token, expiresAt: expiresAt.toISOString() };
  }
  const position = Math.max(1, ahead + 1 - admittedCount(room, now));
  const estimateSeconds = Math.ceil((turn.getTime() - now) / 1000);
  const state = (await soldOut(deps.db, row)) ? 'sold_out' : 'waiting';
  return { admitted: false, state, position, estimateSeconds, releaseAt };
}

/**
 * Joins a first-come drop's waiting room, one place per person (joining again keeps it). Before the
 * release the place is a random number (the pre-queue's shuffle); after it, the next in arrival order. An
 * admission that ran out gives way to a new place at the back.
 */
export async function joinRoom(deps: DropDeps, viewer: CurrentUser, dropId: string): Promise<QueueStatus> {
  const row = await roomDrop(deps.db, dropId);
  const now = Date.now();
  if (now < preQueueOpensAt(row).getTime()) {
    throw new AppError(
      'DROP_NOT_RELEASED',
      `The waiting room opens at ${preQueueOpensAt(row).toISOString()}, before the release at ${row.releaseAt.toISOString()}`,
    );
  }
  const existing = await repository.findTicket(deps.db, dropId, viewer.id);
  if (existing) {
    const status = await statusOf(deps, row, existing, now);
    if (status.admitted || status.state !== 'expired') return status;
    await repository.leaveRoom(deps.db, dropId, viewer.id);
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
  return statusOf(deps, row, ticket, now);
}

export async function roomStatus(deps: DropDeps, viewer: CurrentUser, dropId: string): Promise<QueueStatus> {
  const row = await roomDrop(deps.db, dropId);
  const ticket = await repository.findTicket(deps.db, dropId, viewer.id);
  if (!ticket) throw new AppError('NOT_FOUND', 'You are not in this waiting room: join it first');
  return statusOf(deps, row, ticket, Date.now());
}
