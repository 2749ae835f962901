import type { Drop } from '@shop/contracts';

/**
 * Recomputes a drawn draw from what the drop publishes (decision 30), with the browser's Web Crypto:
 * - the commitment is the lowercase hex SHA-256 of the seed's 32 bytes (the seed is hex);
 * - per size, each entry id's score is HMAC-SHA256(key = the seed's bytes, message = the id as UTF-8),
 *   as lowercase hex; the entries in ascending score order are the drawn order: the first
 *   `winners[size].length` are the winners, the rest the waiting list in that order.
 */

export interface SizeCheck {
  size: string;
  /** The drawn order recomputed here. */
  order: string[];
  computedWinners: string[];
  publishedWinners: string[];
  matches: boolean;
}

export interface DrawCheck {
  computedCommitment: string;
  commitmentMatches: boolean;
  sizes: SizeCheck[];
  winnersMatch: boolean;
}

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new Error('The seed is not hexadecimal');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The drawn order of one size's entries: ascending by their HMAC score. */
async function drawnOrder(key: CryptoKey, ids: string[]): Promise<string[]> {
  const encoder = new TextEncoder();
  const scored = await Promise.all(
    ids.map(async (id) => ({ id, score: toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(id))) })),
  );
  return scored.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0)).map(({ id }) => id);
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export async function verifyDraw(
  drop: Pick<Drop, 'seed' | 'commitment' | 'entries' | 'winners'>,
): Promise<DrawCheck> {
  if (!drop.seed) throw new Error('The seed is published once the draw is made');
  if (!globalThis.crypto?.subtle)
    throw new Error(
      'This browser offers no Web Crypto on this page (it needs HTTPS): use the script instead.',
    );
  const seed = fromHex(drop.seed);
  const computedCommitment = toHex(await crypto.subtle.digest('SHA-256', seed));
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const entries = drop.entries ?? {};
  const sizes: SizeCheck[] = [];
  for (const [size, ids] of Object.entries(entries)) {
    const order = await drawnOrder(key, ids);
    const publishedWinners = drop.winners?.[size] ?? [];
    const computedWinners = order.slice(0, publishedWinners.length);
    sizes.push({
      size,
      order,
      computedWinners,
      publishedWinners,
      matches: sameList(computedWinners, publishedWinners),
    });
  }
  return {
    computedCommitment,
    commitmentMatches: computedCommitment === drop.commitment?.toLowerCase(),
    sizes,
    winnersMatch: sizes.every((check) => check.matches),
  };
}
