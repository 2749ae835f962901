import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The draw, fixed so that anyone can check it (docs/decisions/0030): the seed is 32 random bytes; the
 * commitment published before any entry is the SHA-256 of those bytes; per size, the entries are ordered by
 * HMAC-SHA256(key = the seed's bytes, message = the entry id as UTF-8) as lowercase hex, ascending. The
 * first `units` of a size win; the rest wait in that order. scripts/verify-draw.mjs does the same.
 */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function commitmentOf(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/** The entry's draw key under the seed: what the drawn order sorts by. */
export function drawKey(seedHex: string, entryId: string): string {
  return createHmac('sha256', Buffer.from(seedHex, 'hex')).update(entryId, 'utf8').digest('hex');
}

/** The entry ids in drawn order. */
export function drawnOrder(seedHex: string, entryIds: readonly string[]): string[] {
  return entryIds
    .map((id) => ({ id, key: drawKey(seedHex, id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.id);
}

/** An anonymous entry id: 20 random hex characters the entrant can recognise as theirs. */
export function newEntryId(): string {
  return randomBytes(10).toString('hex');
}
