import { describe, expect, it } from 'vitest';
import { longFunctions } from './long-functions.mjs';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('lint:functions', () => {
  it('finds a function longer than the limit, with its line, length and name', () => {
    const text = `const short = () => 1;\n\nexport function Long() {\n${body(10)}\n}\n`;
    expect(longFunctions('a.tsx', text, 5)).toEqual([{ file: 'a.tsx', line: 3, lines: 12, name: 'Long' }]);
  });

  it('counts a component passed to a call, and a method, by their names', () => {
    const text = `const Card = memo(function Card() {\n${body(6)}\n});\nclass A {\n  run() {\n${body(6)}\n  }\n}\n`;
    expect(longFunctions('b.tsx', text, 5).map((found) => found.name)).toEqual(['Card', 'run']);
  });

  it('passes a file whose functions are all within the limit', () => {
    expect(longFunctions('c.ts', `function f() {\n${body(3)}\n}\n`, 5)).toEqual([]);
  });
});
