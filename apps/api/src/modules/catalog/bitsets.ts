/**
 * Bitsets as the listing index keeps them: a Uint32Array, bit i (of word i >>> 5) for the slot or place i.
 */

/** A cleared bitset for `capacity` bits. */
export const wordsFor = (capacity: number) => new Uint32Array(Math.ceil(capacity / 32));

/** Words of a bitset over the places of an order of `size` products. */
export const placeWords = (size: number) => Math.ceil(size / 32);

/** The bits set in a 32-bit word. */
export function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export const hasBit = (bits: Uint32Array, slot: number) =>
  ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;

export function setBit(bits: Uint32Array, slot: number, on: boolean) {
  const word = slot >>> 5;
  const mask = 1 << (slot & 31);
  bits[word] = on ? (bits[word] ?? 0) | mask : (bits[word] ?? 0) & ~mask;
}

/** Sets bits `from` to `to` (excluded). */
export function fillRange(bits: Uint32Array, from: number, to: number) {
  if (from >= to) return;
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  const head = 0xffffffff << (from & 31);
  const tail = 0xffffffff >>> (31 - ((to - 1) & 31));
  if (first === last) {
    bits[first] = (bits[first] ?? 0) | (head & tail);
    return;
  }
  bits[first] = (bits[first] ?? 0) | head;
  bits.fill(0xffffffff, first + 1, last);
  bits[last] = (bits[last] ?? 0) | tail;
}

/** Calls `visit` with each set bit, lowest first. */
export function forEachSlot(bits: Uint32Array, visit: (slot: number) => void) {
  for (let i = 0; i < bits.length; i += 1) {
    let word = bits[i] ?? 0;
    while (word !== 0) {
      const low = word & -word;
      visit(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

/** Places kept between lists: a bitset, or when it would hold few, their sorted list (smaller). */
export type KeptPlaces = { bits: Uint32Array } | { list: Int32Array };

/**
 * Places to keep: as a bitset, or as their sorted list when that is smaller (fewer places than the bitset
 * has words). `count`: how many are set, when known.
 */
export function keep(bits: Uint32Array, count?: number): KeptPlaces {
  let set = count ?? 0;
  if (count === undefined) for (let i = 0; i < bits.length; i += 1) set += popcount(bits[i] ?? 0);
  if (set >= bits.length) return { bits: bits.slice() };
  const list = new Int32Array(set);
  let at = 0;
  forEachSlot(bits, (place) => {
    list[at] = place;
    at += 1;
  });
  return { list };
}

export const bytesOf = (kept: KeptPlaces) => ('bits' in kept ? kept.bits.byteLength : kept.list.byteLength);
