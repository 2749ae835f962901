import { describe, expect, it } from 'vitest';
import { parseCsv } from '../test/csv';
import { csvCell, csvFileName, csvRow, csvStream } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rin', '"cr\rin"'],
    ['', ''],
  ])('writes %j as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tlead', "'\tlead"],
    ['\rlead', `"'\rlead"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('neutralises the formula %j as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['\uFF1D1+2', "'\uFF1D1+2"], // full-width =
    ['\uFE66cmd', "'\uFE66cmd"], // small =
    ['\uFF0B1', "'\uFF0B1"], // full-width +
    ['\uFE62 1', "'\uFE62 1"], // small +
    ['\u207A1', "'\u207A1"], // superscript +
    ['\uFF0D2', "'\uFF0D2"], // full-width -
    ['\uFE632', "'\uFE632"], // small -
    ['\u22122', "'\u22122"], // minus sign
    ['\uFF20cmd', "'\uFF20cmd"], // full-width @
    ['\uFE6Bcmd', "'\uFE6Bcmd"], // small @
    [' =1+2', "' =1+2"],
    ['   @cmd', "'   @cmd"],
    ['\u00A0=1', "'\u00A0=1"], // no-break space
    ['\u3000\uFF1D1', "'\u3000\uFF1D1"], // ideographic space, full-width =
    ['\u200B=1', "'\u200B=1"], // zero-width space
    ['\uFEFF+1', "'\uFEFF+1"], // byte order mark
    ['\n=1', `"'\n=1"`],
    [' \t-1', "' \t-1"],
  ])('neutralises the look-alike formula %j as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each(['a=b', 'x+1', '\uFF11\uFF12', ' plain', 'Nike Air \uFF1D', 'e-mail@shop'])(
    'leaves %j as it is',
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it('writes numbers, booleans and missing values as they are', () => {
    expect(csvRow([1, 2.5, true, false, null, undefined, 'x'])).toBe('1,2.5,true,false,,,x\r\n');
  });

  it('round-trips through a CSV reader', () => {
    const nasty = ['a,b', 'say "hi"', 'two\r\nlines', '=1+2', 'ok'];
    expect(parseCsv(csvRow(nasty) + csvRow(['x']))).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines', "'=1+2", 'ok'],
      ['x'],
    ]);
  });
});

describe('csvStream', () => {
  /** The chunks as a response piped from the stream receives them (flowing mode). */
  function chunksOf(stream: NodeJS.ReadableStream): Promise<string[]> {
    const chunks: string[] = [];
    return new Promise((resolve, reject) => {
      stream.on('data', (chunk) => chunks.push(String(chunk)));
      stream.on('end', () => resolve(chunks));
      stream.on('error', reject);
    });
  }

  it('writes the header even when there are no rows', async () => {
    async function* none() {
      yield [];
    }
    expect(await chunksOf(await csvStream(['a', 'b'], none()))).toEqual(['a,b\r\n']);
  });

  it('sends the header with the first batch, then one chunk per batch', async () => {
    async function* batches() {
      yield [['1'], ['2']];
      yield [['3']];
      yield [];
    }
    expect(await chunksOf(await csvStream(['n'], batches()))).toEqual(['n\r\n1\r\n2\r\n', '3\r\n']);
  });

  it('fails before answering when the first batch fails, and closes the batches', async () => {
    let closed = false;
    async function* failing(): AsyncGenerator<string[][]> {
      try {
        yield* [];
        throw new Error('database down');
      } finally {
        closed = true;
      }
    }
    await expect(csvStream(['n'], failing())).rejects.toThrow('database down');
    expect(closed).toBe(true);
  });

  it('stops reading batches when the reader goes away', async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield [['x'.repeat(1000)]];
        }
      } finally {
        closed = true;
      }
    }
    const stream = await csvStream(['n'], endless());
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
    expect(read).toBeLessThan(50);
  });
});

it('names the file after the day (UTC)', () => {
  expect(csvFileName('orders', new Date('2026-03-04T23:59:00Z'))).toBe('orders-2026-03-04.csv');
});
