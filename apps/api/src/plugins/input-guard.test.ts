import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from './input-guard';

describe('jsonDepth', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonDepth('1', 32)).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}', 32)).toBe(4);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth('{"a":"[[[{{{","b":"\\"[[["}', 32)).toBe(1);
  });

  it('stops counting past the limit', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(
      MAX_JSON_DEPTH,
    );
  });
});
