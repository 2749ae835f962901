import { expect, it, vi } from 'vitest';
import { batchedRead } from './batched-read';

function recordingReader() {
  const batches: string[][] = [];
  let release: () => void = () => {};
  const read = batchedRead(async (keys: string[]) => {
    batches.push(keys);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return new Map(keys.map((key) => [key, `${key}@${batches.length}`]));
  });
  return { batches, read, release: () => release() };
}

it('reads a key at once when nothing else is being read', async () => {
  const { batches, read, release } = recordingReader();
  const answer = read('a');
  release();
  expect(await answer).toBe('a@1');
  expect(batches).toEqual([['a']]);
});

it('reads the keys asked for during a read together, in one read that starts after it', async () => {
  const { batches, read, release } = recordingReader();
  const first = read('a');
  const during = [read('b'), read('c'), read('b')];
  expect(batches).toEqual([['a']]);
  release();
  expect(await first).toBe('a@1');
  await vi.waitFor(() => expect(batches).toEqual([['a'], ['b', 'c']]));
  release();
  expect(await Promise.all(during)).toEqual(['b@2', 'c@2', 'b@2']);
});

it('answers undefined for a key the read did not find, and passes a failed read to its batch only', async () => {
  let fail = true;
  const read = batchedRead(async (keys: string[]) => {
    if (fail) throw new Error('database gone');
    return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.length]));
  });
  await expect(read('a')).rejects.toThrow('database gone');
  fail = false;
  expect(await read('missing')).toBeUndefined();
  expect(await read('abc')).toBe(3);
});
