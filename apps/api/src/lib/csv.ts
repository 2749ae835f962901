import { Readable } from 'node:stream';
import { z } from 'zod';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A cell a spreadsheet would read as a formula: = + - @ (or the minus sign) first, after any blanks
 * (spaces, tabs, line breaks, zero-width characters), or a tab or CR first. Tested on the text's NFKC
 * form, so full-width, small and superscript look-alikes (＝ ﹦ ＋ ⁺ － ＠) count as what they look like.
 */
const FORMULA_START = /^[\s\p{Cf}]*[=+\-@\u2212]|^[\t\r]/u;
/** A cell that must be quoted: it holds the separator, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell of RFC 4180 CSV. A text that a spreadsheet would run as a formula (FORMULA_START: CSV
 * injection) gets a leading apostrophe, so it shows as text; a cell with a comma, a quote or a line break
 * is quoted, its quotes doubled. Numbers and booleans are written as they are (the callers write money
 * with two decimals and no sign, so none of them starts like a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value.normalize('NFKC')) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 writes it. */
export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV download that streams in constant memory: the header, then the rows of each batch as they are
 * read, one chunk per batch, pulled only as fast as the client takes them (the Readable asks for the next
 * batch when the socket has drained). The first batch is read before the answer starts, so a failure there
 * is still an ordinary error answer; a later failure cuts the download short (the client sees it
 * incomplete). A client that hangs up stops the reading: the batches' `finally` blocks run.
 */
export async function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  let first: IteratorResult<readonly (readonly CsvValue[])[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const text = (rows: readonly (readonly CsvValue[])[]) => rows.map(csvRow).join('');
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      // The header always, even when nothing matches.
      yield Buffer.from(csvRow(header) + (first.done ? '' : text(first.value)));
      if (first.done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        if (next.value.length > 0) yield Buffer.from(text(next.value));
      }
    } finally {
      await iterator.return?.();
    }
  }
  // Byte mode with a small buffer: at most about one batch waits in memory ahead of the socket.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 16 * 1024 });
}

/**
 * What a download route answers a HEAD request: no body. Fastify would otherwise read the whole export's
 * stream (every batch from the database) only to throw it away.
 */
export function noCsvBody(): Readable {
  return Readable.from([]);
}

/** `orders-2026-01-31.csv`: what the download is saved as, named after today (UTC). */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The headers of a CSV download. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
  };
}

/**
 * A route's 200 schema for a CSV download: the handler sends the stream itself (Fastify never serialises a
 * stream), and the API browser shows a text answer described by `columns`.
 */
export function csvResponse(columns: string) {
  return z
    .custom<Readable>((value) => value instanceof Readable)
    .meta({ type: 'string', description: `text/csv; charset=utf-8, an attachment: ${columns}` });
}
