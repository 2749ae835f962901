#!/usr/bin/env node
/**
 * Checks a drop's draw from what the shop publishes, with nothing but Node's crypto:
 *
 *   node scripts/verify-draw.mjs https://shop.example.com/drops/<id>   (or its /api/drops/<id>)
 *   node scripts/verify-draw.mjs drop.json                             (the API's answer, saved)
 *
 * 1. The commitment published before the entry opened is the SHA-256 of the seed's 32 bytes.
 * 2. Per size, ordering the entry ids by HMAC-SHA256(key = the seed's bytes, message = the id as UTF-8),
 *    lowercase hex, ascending, gives the published winners first, in that order.
 * Exits 0 when both hold for every size, 1 otherwise.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/** The entry ids in drawn order under the seed. */
export function drawnOrder(seedHex, ids) {
  const seed = Buffer.from(seedHex, 'hex');
  const key = (id) => createHmac('sha256', seed).update(id, 'utf8').digest('hex');
  return ids
    .map((id) => ({ id, key: key(id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.id);
}

/** What the published drop proves: whether the commitment matches, and per size whether the winners do. */
export function verifyDraw(drop) {
  if (!drop.seed || !drop.entries || !drop.winners) return { drawn: false, ok: false, sizes: [] };
  const commitment = createHash('sha256').update(Buffer.from(drop.seed, 'hex')).digest('hex');
  const sizes = Object.entries(drop.entries).map(([size, ids]) => {
    const published = drop.winners[size] ?? [];
    const expected = drawnOrder(drop.seed, ids).slice(0, published.length);
    return {
      size,
      entries: ids.length,
      winners: published,
      ok: expected.join() === published.join(),
      expected,
    };
  });
  const commitmentOk = commitment === drop.commitment;
  return { drawn: true, commitmentOk, ok: commitmentOk && sizes.every((size) => size.ok), sizes };
}

/** The drop's JSON from a page address, an API address or a saved file. */
async function load(source) {
  if (!/^https?:\/\//.test(source)) return JSON.parse(await readFile(source, 'utf8'));
  const url = new URL(source);
  url.pathname = url.pathname.replace(/^\/drops\//, '/api/drops/').replace(/\/queue$/, '');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function main(source) {
  if (!source) {
    console.error('usage: node scripts/verify-draw.mjs <drop page or API address | saved JSON file>');
    return 2;
  }
  const result = verifyDraw(await load(source));
  if (!result.drawn) {
    console.log('This drop has not been drawn yet: there is no seed to check.');
    return 1;
  }
  console.log(`commitment  ${result.commitmentOk ? 'matches' : 'DOES NOT MATCH'} the seed`);
  for (const size of result.sizes) {
    const verdict = size.ok ? 'match' : `DIFFER (expected ${size.expected.join(', ')})`;
    console.log(
      `size ${size.size.padEnd(4)}  ${size.entries} entries, ${size.winners.length} winners: ${verdict}`,
    );
  }
  console.log(result.ok ? 'The draw checks out.' : 'The draw does NOT check out.');
  return result.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv[2]);
}
