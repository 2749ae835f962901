import { describe, expect, it } from 'vitest';
import { editDistance } from './search-words';

describe('editDistance', () => {
  it.each([
    ['blue', 'blue', 0],
    ['bleu', 'blue', 1],
    ['smaba', 'samba', 1],
    ['jordn', 'jordan', 1],
    ['addidas', 'adidas', 1],
    ['balck', 'black', 1],
    ['dukn', 'dunk', 1],
    ['pegsaus', 'pegasus', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b, 5)).toBe(distance);
  });

  it('gives up past the limit', () => {
    expect(editDistance('harpsichord', 'harden', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
