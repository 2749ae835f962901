import { countryCode, type MyDropEntry, type ShipTo, sizeKey } from '@shop/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import unhomoglyph from 'unhomoglyph';
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
 * Text folded as one entry per address compares it: lower case, compatibility forms and accents gone, each
 * letter taken to its confusable skeleton (Unicode TS #39: a Cyrillic "а" is an "a"), punctuation and
 * spacing gone, with the usual abbreviations.
 */
function folded(text: string): string {
  const skeleton = unhomoglyph(text.normalize('NFKD').toLowerCase()).normalize('NFKD');
  return skeleton
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => FOLDED_WORDS.get(word) ?? word)
    .join('');
}

const FOLDED_WORDS = new Map(
  Object.entries(ADDRESS_WORDS).map(([word, short]) => [
    unhomoglyph(word).toLowerCase(),
    unhomoglyph(short).toLowerCase(),
  ]),
);

/**
 * An address as one entry per address compares it: the street and the city folded, the country as its
 * ISO code. The state is left out (one writes "IL", another "Illinois", a third nothing), and so is the
 * postal code. "12 Main Street, Apt. 4" in the United States and "12 mаin st apt 4" in the USA are one.
 */
export function addressKey(to: Pick<ShipTo, 'address' | 'city' | 'country'>): string {
  const country = countryCode(to.country) ?? folded(to.country);
  return [folded(to.address), folded(to.city), country].join('|');
}

/**
 * A phone number in E.164, read with the profile's country for a national number (a French "0612345678"
 * is "+33612345678"); its digits when it reads as no number; '' for none.
 */
export function phoneKey(phone: string, country: string): string {
  const region = countryCode(country) as CountryCode | undefined;
  const parsed = parsePhoneNumberFromString(phone, { defaultCountry: region });
  return parsed?.number ?? phone.replace(/\D/g, '');
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
    shipTo: entry.shipTo,
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

const ALREADY = {
  drop_entry_user_idx: 'You have already entered this draw',
  drop_entry_address_idx:
    'Someone at this shipping address has already entered this draw: one entry per address',
  drop_entry_phone_idx:
    'Someone with this phone number has already entered this draw: one entry per phone number',
} as const;

/**
 * Refuses, before the shopper solves the puzzle, an entry another account already made from this shipping
 * address or phone number (the same refusal the entry itself gives; the unique indexes still decide a race).
 */
async function refuseEnteredElsewhere(db: DbOrTx, viewer: CurrentUser, dropId: string): Promise<void> {
  const shipTo = await users.shipToOf(db, viewer.id);
  if (!shipTo?.address.trim() || !shipTo.city.trim() || !shipTo.country.trim()) return;
  const person = {
    userId: viewer.id,
    addressKey: addressKey(shipTo),
    phoneKey: phoneKey(shipTo.phone, shipTo.country),
  };
  const other = await repository.findEntryFromElsewhere(db, dropId, person);
  if (!other) return;
  const message =
    other.addressKey === person.addressKey ? ALREADY.drop_entry_address_idx : ALREADY.drop_entry_phone_idx;
  throw new AppError('ALREADY_ENTERED', message);
}

/** A proof-of-work challenge for this shopper's entry in this draw (signed for both). */
export async function challengeFor(deps: DropDeps, viewer: CurrentUser, dropId: string) {
  const row = await drawOf(deps.db, dropId);
  refuseUnlessOpen(row);
  await refuseEnteredElsewhere(deps.db, viewer, dropId);
  return newChallenge(deps.secret, deps.powMaxNumber, { dropId, userId: viewer.id });
}

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
    const shipTo = await users.shipToOf(tx, viewer.id);
    if (!shipTo?.address.trim() || !shipTo.city.trim() || !shipTo.country.trim()) {
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
    await spendValidProof(tx, deps.secret, body.proof, { dropId, userId: viewer.id });
    const id = newEntryId();
    const inserted = await repository.insertEntry(tx, {
      id,
      dropId,
      userId: viewer.id,
      size,
      addressKey: addressKey(shipTo),
      phoneKey: phoneKey(shipTo.phone, shipTo.country),
      shipTo,
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

/**
 * Before an account's address changes (the users module asks, in its transaction): an entry keeps the
 * address it was made from, so while the account is entered in a draw whose entry is open the change is
 * refused with the reason, naming the fields, unless the shopper chose to withdraw those entries.
 */
export async function onAddressChanging(
  tx: DbOrTx,
  change: { userId: string; fields: string[]; withdraw: boolean },
): Promise<void> {
  const now = Date.now();
  const open = (await repository.findUndrawnEntriesOf(tx, change.userId)).filter(
    ({ drop }) => dropState(drop, now, { liveWinners: false, roomSize: 0 }) === 'entry_open',
  );
  if (open.length === 0) return;
  if (!change.withdraw) {
    const products = await catalog.getProducts(
      tx,
      open.map(({ drop }) => drop.productId),
    );
    const names = products.map((product) => product.name).join(', ');
    const draws = open.length === 1 ? 'a draw' : `${open.length} draws`;
    const reason = 'is where your draw entry ships: withdraw the entry to change it';
    throw new AppError(
      'DROP_ENTRY_ADDRESS',
      `You are entered in ${draws} (${names}) from this address, and the pair ships there: withdraw the entry to change your address`,
      Object.fromEntries(change.fields.map((field) => [field, reason])),
    );
  }
  for (const { entry } of open) {
    await repository.shareLockDrop(tx, entry.dropId);
    await repository.deleteEntry(tx, entry.id);
  }
}
