import type { DbOrTx } from '../../db/client';
import { FreshCheck } from '../../lib/fresh-check';
import * as repository from './catalog.repository';
import type { ListingEngine } from './listing-engine';
import { ListingIndex } from './listing-index';

/**
 * A new, empty listing engine: the one place the engine is chosen (everything else sees only the
 * ListingEngine interface), so another implementation drops in here.
 */
export function createListingEngine(): ListingEngine {
  return new ListingIndex();
}

/**
 * Keeps each database's listing engine current. Before every list, the catalogue's version is read (one
 * row); a new version means some products changed, and only their rows are read again (the
 * `product_listing_version` trigger stamps each changed product with its transaction's version, and
 * versions commit in order). A new generation (products deleted outright) or a pile of dead slots reads
 * the whole catalogue again. So a change made through any instance is in every instance's next list.
 *
 * Lists asked for at the same moment share one version check, one that began after they were asked: a
 * list never answers from a check older than itself.
 */
class Listing {
  private engine?: ListingEngine;
  private version = -1;
  private generation = -1;
  private readonly fresh = new FreshCheck(() => this.check());

  constructor(private readonly db: DbOrTx) {}

  current(): Promise<ListingEngine> {
    return this.fresh.current();
  }

  /**
   * The whole catalogue, read in batches by id (so its rows never all sit in memory at once). The batches
   * are separate reads: a product changed while they run may be read as it was, so the engine holds only
   * the version read before them, and the next check reads every change made since.
   */
  private async load(version: number): Promise<ListingEngine> {
    const engine = createListingEngine();
    let afterId: string | undefined;
    for (;;) {
      const rows = await repository.findListingRows(this.db, afterId, LOAD_BATCH);
      engine.apply(rows);
      if (rows.length < LOAD_BATCH) break;
      afterId = rows[rows.length - 1]?.id;
    }
    engine.sortAll();
    this.version = version;
    return engine;
  }

  private async check(): Promise<ListingEngine> {
    const { version, generation } = await repository.findCatalogVersion(this.db);
    const engine = this.engine;
    if (!engine || generation !== this.generation || engine.dead > Math.max(1_000, engine.size / 4)) {
      this.engine = await this.load(version);
      this.generation = generation;
      return this.engine;
    }
    if (version > this.version) {
      const rows = await repository.findChangedListingRows(this.db, this.version);
      engine.apply(rows);
      this.version = highestVersion(rows, version);
    }
    return engine;
  }
}

/** Products read at a time when the whole catalogue is read. */
const LOAD_BATCH = 5_000;

/**
 * The version the engine holds after reading these rows in one statement: they may be newer than the
 * version read first, and a statement that sees a version sees every version before it.
 */
const highestVersion = (rows: { version: number }[], version: number) =>
  rows.reduce((highest, row) => Math.max(highest, row.version), version);

const listings = new WeakMap<DbOrTx, Listing>();

/** The database's listing engine, current as of now. */
export function currentListing(db: DbOrTx): Promise<ListingEngine> {
  let listing = listings.get(db);
  if (!listing) {
    listing = new Listing(db);
    listings.set(db, listing);
  }
  return listing.current();
}
