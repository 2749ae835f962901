import type { DbOrTx } from '../../db/client';
import * as repository from './catalog.repository';
import { ListingIndex } from './listing-index';

/**
 * Keeps each database's listing index current. Before every list, the catalogue's version is read (one
 * row); a new version means some products changed, and only their rows are read again (the
 * `product_listing_version` trigger stamps each changed product with its transaction's version, and
 * versions commit in order). A new generation (products deleted outright) or a pile of dead slots reads
 * the whole catalogue again. So a change made through any instance is in every instance's next list.
 *
 * Lists asked for at the same moment share one version check, one that began after they were asked: a
 * list never answers from a check older than itself.
 */
class Listing {
  private index?: ListingIndex;
  private version = -1;
  private generation = -1;
  private running?: Promise<ListingIndex>;
  private queued?: Promise<ListingIndex>;

  constructor(private readonly db: DbOrTx) {}

  current(): Promise<ListingIndex> {
    if (!this.running) {
      this.running = this.check().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.current();
      });
    return this.queued;
  }

  /**
   * The whole catalogue, read in batches by id (so its rows never all sit in memory at once). The batches
   * are separate reads: a product changed while they run may be read as it was, so the index holds only
   * the version read before them, and the next check reads every change made since.
   */
  private async load(version: number): Promise<ListingIndex> {
    const index = new ListingIndex();
    let afterId: string | undefined;
    for (;;) {
      const rows = await repository.findListingRows(this.db, afterId, LOAD_BATCH);
      index.apply(rows);
      if (rows.length < LOAD_BATCH) break;
      afterId = rows[rows.length - 1]?.id;
    }
    index.sortAll();
    this.version = version;
    return index;
  }

  private async check(): Promise<ListingIndex> {
    const { version, generation } = await repository.findCatalogVersion(this.db);
    const index = this.index;
    if (!index || generation !== this.generation || index.dead > Math.max(1_000, index.size / 4)) {
      this.index = await this.load(version);
      this.generation = generation;
      return this.index;
    }
    if (version > this.version) {
      const rows = await repository.findChangedListingRows(this.db, this.version);
      index.apply(rows);
      this.version = highestVersion(rows, version);
    }
    return index;
  }
}

/** Products read at a time when the whole catalogue is read. */
const LOAD_BATCH = 5_000;

/**
 * The version the index holds after reading these rows in one statement: they may be newer than the
 * version read first, and a statement that sees a version sees every version before it.
 */
const highestVersion = (rows: { version: number }[], version: number) =>
  rows.reduce((highest, row) => Math.max(highest, row.version), version);

const listings = new WeakMap<DbOrTx, Listing>();

/** The database's listing index, current as of now. */
export function currentListing(db: DbOrTx): Promise<ListingIndex> {
  let listing = listings.get(db);
  if (!listing) {
    listing = new Listing(db);
    listings.set(db, listing);
  }
  return listing.current();
}
