import { createHash } from 'node:crypto';
import {
  type Brand,
  type ChartGender,
  chartGenderOf,
  type ProductSize,
  rowForKey,
  type SizeChartRow,
} from '@shop/contracts';
import { catalogueWritesOf, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batchedRead } from '../../lib/batched-read';
import * as repository from './catalog.repository';
import { toProductWire } from './product-wire';

/** A product page's answer: its JSON and its (weak) entity tag. */
export interface PageAnswer {
  body: string;
  etag: string;
}

/** A catalogue answer's entity tag: weak, as the bytes differ by compression while the content is the same. */
export const entityTag = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** The size charts in use, by brand and gender (the sizes module's, held in memory there). */
interface PageCharts {
  rows(brand: Brand, gender: ChartGender): readonly SizeChartRow[];
}

/**
 * What a product's page shows beside the product's own fields, read for each answer: its reviews and how
 * it fits (each as JSON, held in memory by the composition root until a fact changes them), and the size
 * charts its sizes are labelled from.
 */
interface PageParts {
  reviews(): Promise<string>;
  fit(): Promise<string>;
  charts(): Promise<PageCharts>;
}

/** The last answer made of a product's fields (of a catalogue version), stock, reviews, sizes and fit. */
interface Made extends PageAnswer {
  stock: string;
  reviews: string;
  sizes: string;
  fit: string;
  /** The database's catalogue writes when it was made (the embedded database only: catalogueWritesOf). */
  writes: number | undefined;
}

/**
 * A product's page fields as of a catalogue version: as a JSON object, or as the start of the last answer
 * made of them (`fieldsEnd` long, the object's closing brace left out), so they are held once.
 */
interface Held {
  version: number;
  /** Whose chart labels its sizes: its brand's, for its genders (chartGenderOf). */
  brand: Brand;
  chart: ChartGender;
  fields?: string;
  answer?: Made & { fieldsEnd: number };
}

/**
 * Products whose pages are held at most (the most recently read; about 2.5 kB each), so the embedded
 * database's memory stays within its target with a large catalogue.
 */
const MAX_HELD = 10_000;

/**
 * Each key of a product's stock (JSON), in size order, as its chart labels it in every system (null where
 * the chart does not give the key; a model's size shift does not change a label), and whether it is in stock.
 */
function pageSizes(rows: readonly SizeChartRow[], stock: string): ProductSize[] {
  const units = JSON.parse(stock) as Record<string, number>;
  return Object.keys(units)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => {
      const row = rowForKey(rows, key);
      return {
        key,
        US: row?.US ?? key,
        UK: row?.UK ?? null,
        EU: row?.EU ?? null,
        CM: row?.CM ?? null,
        JP: row?.JP ?? null,
        available: (units[key] ?? 0) > 0,
      };
    });
}

/** The fields as a JSON object. */
const fieldsOf = (held: Held): string =>
  held.fields ?? `${held.answer?.body.slice(1, held.answer.fieldsEnd) ?? ''}}`;

/**
 * The product pages of one database. A visit reads only what memory cannot hold, in one light statement
 * shared with the visits that arrive with it: the product's catalogue version (which every change of its
 * row raises, through any instance or by hand; decision 13) and its units per size. The product's fields
 * are read again only when its version moved; the answer, and so its entity tag, only when its version,
 * stock, reviews, sizes (a chart changed, on any instance: the sizes module reads its charts again within
 * seconds) or fit did. So a page is never older than its request, and an unchanged one costs that
 * statement and a comparison. On the embedded database, which only this process writes, not even that
 * while no catalogue write was made since the answer (catalogueWritesOf): the answer comes from memory.
 */
class ProductPages {
  private readonly held = new Map<string, Held>();
  private readonly readState: (id: string) => Promise<repository.PageState | undefined>;
  private readonly readRow: (id: string) => Promise<repository.PageRow | undefined>;
  private readonly writes: () => number | undefined;

  constructor(db: DbOrTx) {
    this.writes = () => catalogueWritesOf(db);
    // A product whose fields are not held yet is read whole at once: its first visit costs one statement.
    this.readState = batchedRead(async (ids: string[]) => {
      const unheld = ids.filter((id) => !this.held.has(id));
      const [states, rows] = await Promise.all([
        repository.findPageStates(
          db,
          ids.filter((id) => this.held.has(id)),
        ),
        repository.findPageRows(db, unheld),
      ]);
      for (const row of rows) this.hold(row);
      return new Map([...states, ...rows].map(({ id, version, stock }) => [id, { id, version, stock }]));
    });
    this.readRow = batchedRead(async (ids: string[]) => {
      const rows = await repository.findPageRows(db, ids);
      return new Map(rows.map((row) => [row.id, row]));
    });
  }

  /** The page of a product on sale with its reviews, sizes and fit; 404 when not on sale. */
  async answer(id: string, parts: PageParts): Promise<PageAnswer> {
    const writes = this.writes();
    const current = this.held.get(id)?.answer;
    if (writes !== undefined && current?.writes === writes) return current;
    const [state, reviews, fit, charts] = await Promise.all([
      this.readState(id),
      parts.reviews(),
      parts.fit(),
      parts.charts(),
    ]);
    if (!state) throw AppError.notFound('Product');
    const held = await this.heldOf(state);
    const sizes = JSON.stringify(pageSizes(charts.rows(held.brand, held.chart), state.stock));
    const made = held.answer;
    if (
      made &&
      made.stock === state.stock &&
      made.reviews === reviews &&
      made.sizes === sizes &&
      made.fit === fit
    ) {
      made.writes = writes;
      return made;
    }
    const fields = fieldsOf(held).slice(0, -1);
    const body = `[${fields},"stock":${state.stock},"reviews":${reviews},"sizes":${sizes},"fit":${fit}}]`;
    const answer = { body, etag: entityTag(body), stock: state.stock, reviews, sizes, fit, writes };
    held.answer = { ...answer, fieldsEnd: fields.length + 1 };
    held.fields = undefined;
    return answer;
  }

  /** The product's fields as of its version now: held, or read again when its row changed. */
  private async heldOf(state: repository.PageState): Promise<Held> {
    const held = this.held.get(state.id);
    if (held && held.version >= state.version) return held;
    const row = await this.readRow(state.id);
    if (!row) throw AppError.notFound('Product');
    return this.hold(row);
  }

  private hold(row: repository.PageRow): Held {
    const { stock: _stock, ...fields } = toProductWire({ ...row, stock: null, archived: false });
    const fresh: Held = {
      version: row.version,
      brand: row.brand,
      chart: chartGenderOf(row.genders),
      fields: JSON.stringify(fields),
    };
    this.held.delete(row.id);
    this.held.set(row.id, fresh);
    if (this.held.size > MAX_HELD) {
      const oldest = this.held.keys().next().value;
      if (oldest !== undefined) this.held.delete(oldest);
    }
    return fresh;
  }
}

const pages = new WeakMap<DbOrTx, ProductPages>();

/** A product on sale as its page shows it (reviews, sizes and fit), as of now; 404 when it is not on sale. */
export function productPage(db: DbOrTx, id: string, parts: PageParts): Promise<PageAnswer> {
  let held = pages.get(db);
  if (!held) {
    held = new ProductPages(db);
    pages.set(db, held);
  }
  return held.answer(id, parts);
}
