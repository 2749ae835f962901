import { STOCK_ALERT_MESSAGES, type StockAlert, type StockAlertCreate, sizeKey } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog';
import type { Mailer } from '../mail';
import { sizeWordsPerSystem } from '../sizes';
import * as users from '../users';
import { backInStockEmail } from './back-in-stock-email';
import * as repository from './stock-alerts.repository';

/** What telling subscribers needs. */
export interface StockAlertDeps {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
}

/** A product size: which units came back, which one a shopper waits for. */
export interface SizeOfProduct {
  productId: string;
  size: number;
}

/** Open alerts one shopper may hold: more than any wish list, few enough that nobody floods the table. */
export const MAX_OPEN_ALERTS = 100;
/** E-mails sent at once when units come back. */
const SEND_PARALLEL = 5;
/** Sizes with open alerts a sweep looks at, per run. */
const SWEEP_SIZES = 200;

function toWire(
  row: repository.StockAlertRow,
  product: { _id: string; name: string; brand: string; gender: string[]; card_picture: string },
): StockAlert {
  return {
    _id: row.id,
    size: sizeKey(row.size),
    createdAt: row.createdAt.toISOString(),
    product: {
      _id: product._id,
      name: product.name,
      brand: product.brand,
      gender: product.gender,
      card_picture: product.card_picture,
    },
  };
}

/** The shopper's open alerts, newest first; alerts of products that left the catalogue are left out. */
export async function listAlerts(db: DbOrTx, userId: string): Promise<StockAlert[]> {
  const rows = await repository.findOpenAlertsOfUser(db, userId);
  const products = new Map(
    (await catalog.getProducts(db, [...new Set(rows.map((row) => row.productId))])).map((product) => [
      product._id,
      product,
    ]),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.productId);
    return product ? [toWire(row, product)] : [];
  });
}

/** 'Notify me': only for a size the product carries and that is sold out right now; once per size. */
export async function createAlert(db: DbOrTx, userId: string, input: StockAlertCreate): Promise<StockAlert> {
  const size = Number(input.size);
  const [line] = await catalog.stockLines(db, [{ productId: input.productId, size }]);
  if (!line) {
    if (!(await catalog.productExists(db, input.productId))) {
      throw new AppError('NOT_FOUND', 'Product not found', { productId: 'is not a product of the shop' });
    }
    throw new AppError('NOT_FOUND', `This product is not sold in size ${input.size}`, {
      size: 'is not a size of this product',
    });
  }
  if (line.units > 0)
    throw new AppError('CONFLICT', STOCK_ALERT_MESSAGES.NOT_SOLD_OUT, { size: 'is on sale' });
  if ((await repository.countOpenAlertsOfUser(db, userId)) >= MAX_OPEN_ALERTS) {
    throw new AppError(
      'CONFLICT',
      `You can wait for at most ${MAX_OPEN_ALERTS} sizes at once; remove an alert you no longer need`,
    );
  }
  const row = await repository.insertAlert(db, { userId, productId: input.productId, size });
  if (!row) {
    throw new AppError('CONFLICT', STOCK_ALERT_MESSAGES.ALREADY_ASKED, { size: 'is already asked for' });
  }
  return toWire(row, {
    _id: line.productId,
    name: line.name,
    brand: line.brand,
    gender: line.genders,
    card_picture: line.cardPicture,
  });
}

/** Removes one of the shopper's own alerts; anybody else's is not there for them. */
export async function deleteAlert(db: DbOrTx, userId: string, alertId: string): Promise<void> {
  if (!(await repository.deleteAlert(db, alertId, userId))) throw AppError.notFound('Alert');
}

/** Removes every alert of a user (account deletion). */
export function removeAllOfUser(db: DbOrTx, userId: string): Promise<number> {
  return repository.deleteAlertsOfUser(db, userId);
}

/**
 * Units of these sizes came back on sale (a cancelled or expired order returned them, or staff raised the
 * stock): each open alert of a size that has units now is claimed and its shopper gets one e-mail. Call it
 * only once the stock change has committed. Claiming is one conditional update, so two callers at once
 * (two cancellations, two instances' sweeps) never send an alert twice; an e-mail that fails is released
 * for the next sweep. Answers how many e-mails went out.
 */
export async function notifyBackInStock(deps: StockAlertDeps, lines: SizeOfProduct[]): Promise<number> {
  const onSale = (await catalog.stockLines(deps.db, lines)).filter((line) => line.units > 0);
  const claimed = await repository.claimOpenAlerts(deps.db, onSale);
  if (claimed.length === 0) return 0;
  const contacts = await users.contactsOf(
    deps.db,
    claimed.map((alert) => alert.userId),
  );
  const wordsIn = sizeWordsPerSystem(
    deps.db,
    onSale.map((line) => line.productId),
  );
  const failed: string[] = [];
  let sent = 0;
  for (let start = 0; start < claimed.length; start += SEND_PARALLEL) {
    await Promise.all(
      claimed.slice(start, start + SEND_PARALLEL).map(async (alert) => {
        const contact = contacts.get(alert.userId);
        const line = onSale.find((item) => item.productId === alert.productId && item.size === alert.size);
        if (!contact || !line) return;
        try {
          await deps.mailer.send(
            backInStockEmail(
              contact.email,
              contact.username,
              {
                name: line.name,
                size: (await wordsIn(contact.sizeSystem))(line.productId, sizeKey(line.size)),
              },
              `${deps.siteUrl}/home/${line.productId}`,
            ),
            { queue: 'bulkMail', key: `back-in-stock:${alert.id}` },
          );
          sent += 1;
        } catch (error) {
          deps.log.error(
            { err: error, alertId: alert.id },
            'back-in-stock e-mail failed; it will be retried',
          );
          failed.push(alert.id);
        }
      }),
    );
  }
  await repository.releaseAlerts(deps.db, failed);
  return sent;
}

/**
 * Every minute: the open alerts of sizes that are on sale. Catches what no stock change announced: an
 * e-mail that failed, an alert asked for just as its size came back, an instance stopped mid-way.
 */
export async function sweepAlerts(deps: StockAlertDeps): Promise<number> {
  return notifyBackInStock(deps, await repository.findWaitingSizes(deps.db, SWEEP_SIZES));
}
