/** Reading PostgreSQL's `tsvector` text, as the listing rows carry it (`'air':1A 'jordan':2A 'waffl':9B`). */

/** Words of a `tsvector`'s text, each with whether it is weighted A somewhere. */
export function parseLexemes(text: string): { lexeme: string; weightA: boolean }[] {
  const found: { lexeme: string; weightA: boolean }[] = [];
  for (const match of text.matchAll(/'((?:[^']|'')+)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = (match[1] ?? '').replace(/''/g, "'").replace(/\\\\/g, '\\');
    found.push({ lexeme, weightA: /A/.test(match[2] ?? '') });
  }
  return found;
}

/** A 53-bit hash of a text (cyrb53): two texts that differ collide about once in 10^16. */
export function hashOf(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
