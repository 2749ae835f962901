import { fromCents } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import * as catalog from '../catalog';
import type { Jobs } from '../jobs';
import type { Mailer } from '../mail';
import * as orders from '../orders';
import * as recovery from '../recovery';
import * as tax from '../tax';
import * as users from '../users';
import { priceDropEmail } from './price-drop-email';

/** What telling favouriters of a price drop needs. */
export interface PriceDropDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  siteUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  log: FastifyBaseLogger;
}

/** One price drop of a product (the `price.dropped` fact): the job that e-mails its favouriters. */
export interface PriceDropJob {
  productId: string;
  /** Names this drop: its job and its e-mails are keyed by it, so each goes out once. */
  dropId: string;
  fromCents: number;
  toCents: number;
}

/** E-mails queued at once. */
const SEND_PARALLEL = 5;
/** Favouriters read per page. */
const RECIPIENTS_PAGE = 200;

/**
 * Queues the drop's job in the transaction that lowered the price (a savepoint of it: queueing needs a
 * transaction): the job exists if and only if the new price committed, whatever the instance does next.
 */
export async function queuePriceDrop(deps: PriceDropDeps, db: DbOrTx, drop: PriceDropJob): Promise<void> {
  await db.transaction(async (tx) => {
    await deps.jobs.send('priceDrops', drop, { key: `price-drop:${drop.dropId}`, tx });
  });
}

/**
 * Of a page of favouriters, those the shop has a basis to e-mail: who said yes, and (soft opt-in) who was
 * never asked but bought before.
 */
async function withBasis<T extends { id: string; consented: boolean }>(db: Db, page: T[]): Promise<T[]> {
  const notAsked = page.filter((person) => !person.consented).map((person) => person.id);
  const customers = await orders.customersAmong(db, notAsked, new Date());
  return page.filter((person) => person.consented || customers.has(person.id));
}

/**
 * Runs a drop's job: each favouriter of the product who wants these e-mails (and said yes to marketing, or
 * bought before where the owner turned the soft opt-in on) gets one, queued under
 * `price-drop:<drop>:<user>`, so a job run again (a retry, another instance) sends nobody a second one, and
 * a later drop (another id) sends a new one. Nothing when the product left the catalogue, or its price rose
 * again above the drop's (that rise is no news; a later drop brings its own). Answers the e-mails queued.
 */
export async function notifyPriceDrop(deps: PriceDropDeps, drop: PriceDropJob): Promise<number> {
  const [product] = await catalog.getProducts(deps.db, [drop.productId]);
  if (!product || product.price > fromCents(drop.toCents)) return 0;
  const url = `${deps.siteUrl}/home/${product._id}`;
  const profileUrl = `${deps.siteUrl}/account/profile`;
  const currency = await tax.shopCurrency(deps.db);
  const { softOptIn } = await recovery.recoverySettingsOf(deps.db);
  let sent = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await users.priceDropRecipients(
      deps.db,
      drop.productId,
      afterId,
      RECIPIENTS_PAGE,
      softOptIn,
    );
    const people = await withBasis(deps.db, page);
    for (let start = 0; start < people.length; start += SEND_PARALLEL) {
      await Promise.all(
        people.slice(start, start + SEND_PARALLEL).map(async (person) => {
          const message = priceDropEmail(person.email, person.username, {
            name: product.name,
            oldPrice: fromCents(drop.fromCents),
            newPrice: fromCents(drop.toCents),
            currency,
            url,
            profileUrl,
            basis: person.consented ? 'consent' : 'soft_opt_in',
            unsubscribe: users.marketingHeaders(deps.siteUrl, deps.secret, person.id),
          });
          await deps.mailer.send(message, {
            queue: 'bulkMail',
            key: `price-drop:${drop.dropId}:${person.id}`,
          });
          sent += 1;
        }),
      );
    }
    if (page.length < RECIPIENTS_PAGE) break;
    afterId = page.at(-1)?.id;
  }
  deps.log.info({ productId: drop.productId, dropId: drop.dropId, sent }, 'price-drop e-mails queued');
  return sent;
}
