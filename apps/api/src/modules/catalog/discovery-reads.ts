import type { DbOrTx } from '../../db/client';
import { FreshCheck } from '../../lib/fresh-check';
import { findCatalogVersion } from './catalog.repository';
import * as repository from './discovery.repository';

/** A product on sale as the sitemap and the product feed read it. */
export type DiscoveryProduct = Omit<repository.DiscoveryRow, 'archived' | 'version'>;

/** The products on sale, by id, and the catalogue version they are as of (`key` changes when any of them does). */
export interface DiscoveryCatalog {
  key: string;
  products: readonly DiscoveryProduct[];
}

/** Products read at a time when the whole catalogue is read. */
const LOAD_BATCH = 5_000;

/**
 * What the sitemap and the feed show of every product on sale, held in memory and kept current as the
 * listing index is (listing.ts): each read checks the catalogue's version (one row); a new version reads
 * only the products stamped since (the `product_listing_version` index), an archived one leaves, and a new
 * generation (products deleted outright) reads the whole catalogue again in batches. The listing's own rows
 * lack what these need (the description, the units of every size, the last change, the GTIN), so this
 * keeps its own, read the same way. A change through any instance is in the next read of every instance.
 *
 * Reads asked for at the same moment share one check, one that began after they were asked (FreshCheck).
 */
class DiscoveryReads {
  private readonly held = new Map<string, DiscoveryProduct>();
  private version = -1;
  private generation = -1;
  private sorted?: DiscoveryCatalog;
  private readonly fresh = new FreshCheck(() => this.check());

  constructor(private readonly db: DbOrTx) {}

  current(): Promise<DiscoveryCatalog> {
    return this.fresh.current();
  }

  private async check(): Promise<DiscoveryCatalog> {
    const { version, generation } = await findCatalogVersion(this.db);
    if (generation !== this.generation) {
      await this.load();
      this.version = version;
      this.generation = generation;
    } else if (version > this.version) {
      const rows = await repository.findChangedDiscoveryRows(this.db, this.version);
      this.apply(rows);
      this.version = rows.reduce((highest, row) => Math.max(highest, row.version), version);
    }
    if (!this.sorted) {
      const products = [...this.held.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      this.sorted = { key: `${this.generation}.${this.version}`, products };
    }
    return this.sorted;
  }

  /** The whole catalogue, in batches by id; the next check reads whatever changed while they ran. */
  private async load(): Promise<void> {
    this.held.clear();
    this.sorted = undefined;
    let afterId: string | undefined;
    for (;;) {
      const rows = await repository.findDiscoveryRows(this.db, afterId, LOAD_BATCH);
      this.apply(rows);
      if (rows.length < LOAD_BATCH) break;
      afterId = rows[rows.length - 1]?.id;
    }
  }

  private apply(rows: repository.DiscoveryRow[]): void {
    for (const { archived, version: _version, ...product } of rows) {
      if (archived) this.held.delete(product.id);
      else this.held.set(product.id, product);
    }
    if (rows.length > 0) this.sorted = undefined;
  }
}

const reads = new WeakMap<DbOrTx, DiscoveryReads>();

/** Every product on sale as the sitemap and the feed show it, current as of now. */
export function discoveryCatalog(db: DbOrTx): Promise<DiscoveryCatalog> {
  let held = reads.get(db);
  if (!held) {
    held = new DiscoveryReads(db);
    reads.set(db, held);
  }
  return held.current();
}
