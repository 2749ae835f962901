import { type MyDropEntry, sizeKey } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import * as users from '../users';
import { newEntryId } from './draw';
import type { DropDeps } from './drop-deps';
import { dropState } from './drop-state';
import type { DropRow, EntryRow } from './drops.repository';
import * as repository from './drops.repository';
import { newChallenge, spendValidProof } from './proof';

/** Words a shipping address writes in several ways, as one. */
const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  apartment: 'apt',
  suite: 'ste',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/**
 * An address as one entry per address compares it: without accents, case, punctuation or spacing, with
 * the usual abbreviations. "12 Main Street, Apt. 4" and "12 main st apt 4" are the same address.
 */
export function addressKey(parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .join('');
}

/** A phone number's last ten digits ("+1 (555) 010-2030" and "555 010 2030" are one number); '' for none. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

export function entryWire(entry: EntryRow): MyDropEntry {
  return {
    id: entry.id,
    size: sizeKey(entry.size),
    status: entry.status,
    rank: entry.rank,
    holdUntil: entry.holdUntil?.toISOString() ?? null,
    orderId: entry.orderId,
    createdAt: entry.createdAt.toISOString(),
  };
}

async function drawOf(db: DbOrTx, dropId: string): Promise<DropRow> {
  const row = await repository.findDrop(db, dropId);
  if (!row) throw AppError.notFound('Drop');
  if (row.mode !== 'draw')
    throw new AppError('CONFLICT', 'This release is first come, first served: join its waiting room');
  return row;
}

/** Refuses a change to entries unless the entry window is open now. */
function refuseUnlessOpen(row: DropRow): void {
  const state = dropState(row, Date.now(), { liveWinners: false, roomSize: 0 });
  if (state === 'entry_open') return;
  const message =
    state === 'scheduled'
      ? `The entry opens on ${row.entryOpensAt?.toISOString()}`
      : 'The entry for this draw has closed';
  throw new AppError('DROP_ENTRY_CLOSED', message);
}

/** The sizes the release has (the product's sizes with pairs). */
async function refuseSizeNotReleased(db: DbOrTx, row: DropRow, size: number): Promise<void> {
  const [product] = await catalog.getProducts(db, [row.productId]);
  const units = product?.stock[sizeKey(size)] ?? 0;
  if (units <= 0) throw AppError.invalid('size', `is not a size of this release`);
}

export async function challengeFor(deps: DropDeps, dropId: string) {
  const row = await drawOf(deps.db, dropId);
  refuseUnlessOpen(row);
  return newChallenge(deps.secret, deps.powMaxNumber);
}

const ALREADY = {
  drop_entry_user_idx: 'You have already entered this draw',
  drop_entry_address_idx:
    'Someone at this shipping address has already entered this draw: one entry per address',
  drop_entry_phone_idx:
    'Someone with this phone number has already entered this draw: one entry per phone number',
} as const;

/**
 * Enters a signed-in, verified shopper in a draw: one entry per account, per shipping address and per phone
 * number, each proof of work spent once. The drop's row is share-locked, so the draw (which locks it for
 * update) sees every entry made before the close and none after.
 */
export async function enterDraw(
  deps: DropDeps,
  viewer: CurrentUser,
  dropId: string,
  body: { size: string; proof: string },
): Promise<{ id: string; size: string }> {
  const size = Number(body.size);
  return deps.db.transaction(async (tx) => {
    await repository.shareLockDrop(tx, dropId);
    const row = await drawOf(tx, dropId);
    refuseUnlessOpen(row);
    await refuseSizeNotReleased(tx, row, size);
    const profile = await users.findUser(tx, viewer.id);
    if (!profile?.address.trim() || !profile.city.trim() || !profile.country.trim()) {
      throw AppError.invalid(
        'profile',
        'needs your shipping address (address, city and country) before you enter',
      );
    }
    const existing = await repository.findEntry(tx, dropId, viewer.id);
    if (existing)
      throw new AppError(
        'ALREADY_ENTERED',
        `${ALREADY.drop_entry_user_idx} (size ${sizeKey(existing.size)})`,
      );
    await spendValidProof(tx, deps.secret, body.proof);
    const id = newEntryId();
    const inserted = await repository.insertEntry(tx, {
      id,
      dropId,
      userId: viewer.id,
      size,
      addressKey: addressKey([profile.address, profile.city, profile.state, profile.country]),
      phoneKey: phoneKey(profile.phone),
    });
    if (!inserted.ok) {
      const message = ALREADY[inserted.constraint as keyof typeof ALREADY] ?? ALREADY.drop_entry_user_idx;
      throw new AppError('ALREADY_ENTERED', message);
    }
    return { id, size: sizeKey(size) };
  });
}

export async function myEntry(db: Db, viewer: CurrentUser, dropId: string): Promise<MyDropEntry> {
  await drawOf(db, dropId);
  const entry = await repository.findEntry(db, dropId, viewer.id);
  if (!entry) throw new AppError('NOT_FOUND', 'You have not entered this draw');
  return entryWire(entry);
}

export async function changeEntrySize(
  deps: DropDeps,
  viewer: CurrentUser,
  dropId: string,
  size: string,
): Promise<MyDropEntry> {
  return deps.db.transaction(async (tx) => {
    await repository.shareLockDrop(tx, dropId);
    const row = await drawOf(tx, dropId);
    refuseUnlessOpen(row);
    await refuseSizeNotReleased(tx, row, Number(size));
    const entry = await repository.findEntry(tx, dropId, viewer.id);
    if (!entry) throw new AppError('NOT_FOUND', 'You have not entered this draw');
    const changed = await repository.setEntrySize(tx, entry.id, Number(size));
    if (!changed) throw new AppError('DROP_ENTRY_CLOSED', 'The entry for this draw has closed');
    return entryWire(changed);
  });
}

export async function withdrawEntry(deps: DropDeps, viewer: CurrentUser, dropId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repository.shareLockDrop(tx, dropId);
    const row = await drawOf(tx, dropId);
    refuseUnlessOpen(row);
    const entry = await repository.findEntry(tx, dropId, viewer.id);
    if (!entry) throw new AppError('NOT_FOUND', 'You have not entered this draw');
    if (!(await repository.deleteEntry(tx, entry.id)))
      throw new AppError('DROP_ENTRY_CLOSED', 'The entry for this draw has closed');
  });
}
