import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ADMISSION_MINUTES } from '@shop/contracts';

/**
 * The waiting room's arithmetic (docs/decisions/0030). Admission needs no per-shopper write: from the
 * release, the room admits `rate` shoppers a minute, the first `firstBatch` at once, so whether a place's
 * turn has come is a function of the clock. A place is how many shoppers are ahead of one, counted in the
 * room's order (the shuffled pre-queue, then later arrivals in arrival order).
 */
export interface Room {
  releaseAt: Date;
  /** Shoppers admitted per minute. */
  rate: number;
}

/** Shoppers let in at the release itself: ten seconds' worth, at least one. */
function firstBatch(rate: number): number {
  return Math.max(1, Math.ceil(rate / 6));
}

/** How many places have been admitted at `now`. */
export function admittedCount(room: Room, now: number): number {
  const elapsed = now - room.releaseAt.getTime();
  if (elapsed < 0) return 0;
  return firstBatch(room.rate) + Math.floor((elapsed / 60_000) * room.rate);
}

/** When the shopper with `ahead` shoppers before them is admitted. */
export function turnAt(room: Room, ahead: number): Date {
  const batch = firstBatch(room.rate);
  if (ahead < batch) return room.releaseAt;
  const minutes = (ahead - batch + 1) / room.rate;
  return new Date(room.releaseAt.getTime() + Math.ceil(minutes * 60_000));
}

/** An admission lasts this long from the shopper's turn. */
export function admissionExpiry(turn: Date): Date {
  return new Date(turn.getTime() + ADMISSION_MINUTES * 60_000);
}

/** A pre-queue place: a uniformly random number below 2^48, from the operating system's CSPRNG. */
export function shuffledPlace(): number {
  return randomInt(0, 2 ** 48 - 1);
}

interface AdmissionClaims {
  dropId: string;
  userId: string;
  expiresAt: number;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', `drop-admission:${secret}`).update(payload).digest();
}

/** A signed admission token: the drop, the account and the expiry, with the server's HMAC. */
export function signAdmission(secret: string, claims: AdmissionClaims): string {
  const payload = Buffer.from(`${claims.dropId}.${claims.userId}.${claims.expiresAt}`).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The token's claims when its signature holds; undefined for anything forged or malformed. */
export function readAdmission(secret: string, token: string): AdmissionClaims | undefined {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [dropId, userId, expiresAt] = Buffer.from(payload, 'base64url').toString().split('.');
  if (!dropId || !userId || !expiresAt) return undefined;
  return { dropId, userId, expiresAt: Number(expiresAt) };
}
