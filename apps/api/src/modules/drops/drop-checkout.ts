import { type ShipTo, sizeKey } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readAdmission } from './admission';
import { statesOf } from './drop-views';
import type { DropRow, EntryRow } from './drops.repository';
import * as repository from './drops.repository';

/** A cart line as checkout merged it; `index` names the field of a refusal. */
export interface GateLine {
  productId: string;
  size: number;
  count: number;
  index: number;
}

export interface CheckoutGate {
  /** Lines that buy a draw winner's held pair, by line index: checkout neither checks nor reserves their units. */
  held: Map<number, EntryRow>;
  /** The earliest hold among them: the order's reservation ends by then. */
  holdUntil: Date | null;
  /** The address a held pair's entry was made from: the order ships there (null: the profile's). */
  shipTo: ShipTo | null;
  buyerId: string;
  /** First-come drops the buyer checks out with their admission: the order is kept on their place. */
  admittedTo: string[];
}

interface GateInput {
  buyerId: string;
  lines: GateLine[];
  admission?: string;
  /** Pairs of these products the buyer holds in pending or paid orders, by product. */
  heldByBuyer: (productIds: string[]) => Promise<Map<string, number>>;
}

function refuse(
  code: 'DROP_NOT_RELEASED' | 'DROP_NOT_WON' | 'DROP_ADMISSION_REQUIRED' | 'DROP_LIMIT_REACHED',
  line: GateLine,
  message: string,
  reason: string,
): AppError {
  return new AppError(code, message, { [`products.${line.index}`]: reason });
}

/** Why a release refuses more pairs: its per-person limit, and what the buyer already holds of it. */
function limitReason(row: DropRow, already: number): string {
  const pairs = row.perPersonLimit === 1 ? 'one pair' : `${row.perPersonLimit} pairs`;
  const held = already > 0 ? ` and you already have ${already}` : '';
  return `This release is limited to ${pairs} per person${held}`;
}

function refuseOverLimit(row: DropRow, lines: GateLine[], already: number): void {
  const asked = lines.reduce((sum, line) => sum + line.count, 0);
  if (already + asked <= row.perPersonLimit) return;
  throw refuse(
    'DROP_LIMIT_REACHED',
    lines[0] as GateLine,
    limitReason(row, already),
    `at most ${row.perPersonLimit} per person`,
  );
}

/**
 * What the shopper may still put in a cart of each product released by a drop that is not over: the
 * pairs left under its per-person limit (counted over their pending and paid orders, as checkout counts
 * them) and the reason the cart gives for refusing more.
 */
export async function purchaseLimits(
  db: DbOrTx,
  productIds: string[],
  heldByBuyer: (productIds: string[]) => Promise<Map<string, number>>,
): Promise<Map<string, { pairs: number; reason: string }>> {
  const rows = await repository.findDropsOfProducts(db, [...new Set(productIds)]);
  if (rows.length === 0) return new Map();
  const states = await statesOf(db, rows);
  const gated = rows.filter((row) => states.get(row.id) !== 'finished');
  const already = await heldByBuyer(gated.map((row) => row.productId));
  return new Map(
    gated.map((row) => {
      const held = already.get(row.productId) ?? 0;
      return [
        row.productId,
        { pairs: Math.max(0, row.perPersonLimit - held), reason: limitReason(row, held) },
      ];
    }),
  );
}

async function heldPairOf(
  tx: Tx,
  row: DropRow,
  buyerId: string,
  lines: GateLine[],
  now: number,
): Promise<EntryRow> {
  const line = lines[0] as GateLine;
  const entry = await repository.findEntry(tx, row.id, buyerId);
  const notWon = (message: string) =>
    refuse('DROP_NOT_WON', line, message, "only the draw's winners may buy it");
  if (!entry) throw notWon('This release was sold by draw and you did not enter it');
  if (entry.status === 'bought') throw notWon('You have already bought your pair of this release');
  if (entry.status !== 'won') throw notWon('This release was sold by draw and your entry was not picked');
  if (entry.orderId)
    throw notWon(
      'Your pair is already in an unpaid order: pay it from your orders, or cancel it to start again',
    );
  if (!entry.holdUntil || entry.holdUntil.getTime() <= now)
    throw notWon('The time to pay for your pair has run out');
  if (lines.length > 1 || line.size !== entry.size || line.count !== 1) {
    throw notWon(`You won one pair in size ${sizeKey(entry.size)}: buy exactly that pair`);
  }
  return entry;
}

function refuseWithoutAdmission(
  secret: string,
  row: DropRow,
  buyerId: string,
  lines: GateLine[],
  admission: string | undefined,
  now: number,
): void {
  const claims = admission ? readAdmission(secret, admission) : undefined;
  const line = lines[0] as GateLine;
  const message = (why: string) =>
    refuse('DROP_ADMISSION_REQUIRED', line, why, 'needs your turn in the waiting room');
  if (!claims || claims.dropId !== row.id || claims.userId !== buyerId)
    throw message(
      'This release is first come, first served through its waiting room: join it and buy when your turn comes',
    );
  if (claims.expiresAt <= now) throw message('Your turn in the waiting room has run out: join it again');
}

/**
 * Checkout's gate for drops, in its transaction (after the buyer's per-account lock, so two checkouts of
 * one account, on any instance, are counted one after the other): a drop's product cannot be bought before
 * its release; after it, a draw's product only by a winner (their held pair, one) and a first-come
 * product only with a valid admission; never past the per-person limit. A finished drop's product is on
 * normal sale.
 */
export async function gateCheckout(secret: string, tx: Tx, input: GateInput): Promise<CheckoutGate> {
  const gate: CheckoutGate = {
    held: new Map(),
    holdUntil: null,
    buyerId: input.buyerId,
    admittedTo: [],
    shipTo: null,
  };
  const rows = await repository.findDropsOfProducts(tx, [
    ...new Set(input.lines.map((line) => line.productId)),
  ]);
  if (rows.length === 0) return gate;
  const now = Date.now();
  const states = await statesOf(tx, rows, now);
  const gated = rows.filter((row) => states.get(row.id) !== 'finished');
  const already = await input.heldByBuyer(gated.map((row) => row.productId));
  for (const row of gated) {
    const lines = input.lines.filter((line) => line.productId === row.productId);
    const first = lines[0] as GateLine;
    if (now < row.releaseAt.getTime()) {
      const at = row.releaseAt.toISOString();
      throw refuse(
        'DROP_NOT_RELEASED',
        first,
        `This release starts at ${at}: it cannot be bought before then`,
        `is released at ${at}`,
      );
    }
    if (states.get(row.id) === 'entry_closed') {
      throw refuse(
        'DROP_NOT_RELEASED',
        first,
        'The draw for this release is being made: its winners are e-mailed and may buy then',
        'is being drawn',
      );
    }
    refuseOverLimit(row, lines, already.get(row.productId) ?? 0);
    if (row.mode === 'draw') {
      const entry = await heldPairOf(tx, row, input.buyerId, lines, now);
      gate.held.set(first.index, entry);
      gate.shipTo = entry.shipTo ?? gate.shipTo;
      if (!gate.holdUntil || (entry.holdUntil as Date) < gate.holdUntil) gate.holdUntil = entry.holdUntil;
    } else {
      refuseWithoutAdmission(secret, row, input.buyerId, lines, input.admission, now);
      gate.admittedTo.push(row.id);
    }
  }
  return gate;
}

/**
 * The held pairs pass to the new order (a hold that ran out meanwhile refuses the checkout); an admitted
 * buyer's place keeps the order, so its payment counts them among the room's buyers.
 */
export async function takeHeldPairs(tx: Tx, gate: CheckoutGate, orderId: string): Promise<void> {
  for (const dropId of gate.admittedTo) await repository.linkTicketOrder(tx, dropId, gate.buyerId, orderId);
  const now = new Date();
  for (const entry of gate.held.values()) {
    if (!(await repository.takeHeldPair(tx, entry.id, orderId, now)))
      throw new AppError('DROP_NOT_WON', 'The time to pay for your pair has run out');
  }
}

/** The pairs held for this shopper as a draw's winner (not yet in an order), among these sizes of products. */
export async function pairsHeldFor(
  db: DbOrTx,
  userId: string,
  pairs: { productId: string; size: number }[],
): Promise<{ productId: string; size: number }[]> {
  const rows = await repository.findDropsOfProducts(db, [...new Set(pairs.map((pair) => pair.productId))]);
  const held: { productId: string; size: number }[] = [];
  const now = Date.now();
  for (const row of rows.filter((candidate) => candidate.mode === 'draw' && candidate.drawnAt)) {
    const entry = await repository.findEntry(db, row.id, userId);
    if (entry?.status !== 'won' || entry.orderId || !entry.holdUntil || entry.holdUntil.getTime() <= now)
      continue;
    if (pairs.some((pair) => pair.productId === row.productId && pair.size === entry.size))
      held.push({ productId: row.productId, size: entry.size });
  }
  return held;
}
