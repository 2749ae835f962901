import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { drawnOrder, verifyDraw } from '../verify-draw.mjs';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../verify-draw.mjs');

/** A drawn drop as the API publishes it, its winners drawn by the rule. */
function publishedDrop(winnersPerSize: number) {
  const seed = randomBytes(32).toString('hex');
  const entries = {
    '9': Array.from({ length: 12 }, () => randomBytes(10).toString('hex')),
    '10': Array.from({ length: 3 }, () => randomBytes(10).toString('hex')),
  };
  const winners = Object.fromEntries(
    Object.entries(entries).map(([size, ids]) => [
      size,
      (drawnOrder(seed, ids) as string[]).slice(0, winnersPerSize),
    ]),
  );
  const commitment = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
  return { seed, commitment, entries, winners };
}

function saved(drop: object): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'drop-')), 'drop.json');
  writeFileSync(file, JSON.stringify(drop));
  return file;
}

describe('verify-draw', () => {
  it('accepts an honest draw and exits 0', async () => {
    const drop = publishedDrop(4);
    expect(verifyDraw(drop).ok).toBe(true);
    const { stdout } = await run(process.execPath, [script, saved(drop)]);
    expect(stdout).toContain('commitment  matches the seed');
    expect(stdout).toContain('The draw checks out.');
  });

  it('catches a swapped winner, a seed that is not the committed one, and exits 1', async () => {
    const drop = publishedDrop(4);
    const loser = drop.entries['9'].find((id) => !drop.winners['9']?.includes(id)) as string;
    const swapped = {
      ...drop,
      winners: { ...drop.winners, '9': [loser, ...(drop.winners['9'] ?? []).slice(1)] },
    };
    expect(verifyDraw(swapped).ok).toBe(false);
    const reseeded = { ...drop, seed: randomBytes(32).toString('hex') };
    expect(verifyDraw(reseeded).commitmentOk).toBe(false);
    await expect(run(process.execPath, [script, saved(swapped)])).rejects.toMatchObject({ code: 1 });
  });
});
