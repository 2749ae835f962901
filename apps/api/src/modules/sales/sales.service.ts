import {
  fromCents,
  LOW_STOCK_PAGE_SIZE,
  LOW_STOCK_UNITS,
  type LowStockPage,
  SALES_TOP_PRODUCTS,
  type SalesDay,
  type SalesReport,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog/catalog.service';
import * as orders from '../orders/orders.service';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant, in UTC. */
const dayOf = (instant: Date | number) => new Date(instant).toISOString().slice(0, 10);

/**
 * The Sales view: the paid (aprobed) orders placed in the `days` UTC days ending today, day by day (every
 * day present, quiet ones with zeros) and in total, and the products that sold most pairs in them (the
 * sizes running out are lowStockSizes, apart: they do not depend on the period). An order counts on the day it was placed; a refunded
 * order is cancelled, so it no longer counts. The best sellers are named as the catalogue has them now
 * (archived ones too). Figures are summed in cents and leave cents here.
 */
export async function salesReport(db: DbOrTx, days: number, now = new Date()): Promise<SalesReport> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const [paid, best] = await Promise.all([
    orders.paidPerDay(db, from, end),
    orders.bestSellers(db, from, end, SALES_TOP_PRODUCTS),
  ]);
  const cards = new Map(
    (
      await catalog.productCards(
        db,
        best.map((row) => row.productId),
      )
    ).map((card) => [card.id, card]),
  );

  const byDay = new Map(paid.map((row) => [row.day, row]));
  const perDay: SalesDay[] = [];
  let revenueCents = 0;
  let orderCount = 0;
  for (let index = 0; index < days; index += 1) {
    const day = dayOf(from.getTime() + index * DAY_MS);
    const found = byDay.get(day);
    revenueCents += found?.revenueCents ?? 0;
    orderCount += found?.orders ?? 0;
    perDay.push({ day, revenue: fromCents(found?.revenueCents ?? 0), orders: found?.orders ?? 0 });
  }

  return {
    days,
    from: dayOf(from),
    to: dayOf(today),
    totals: {
      revenue: fromCents(revenueCents),
      orders: orderCount,
      averageOrder: orderCount === 0 ? 0 : fromCents(Math.round(revenueCents / orderCount)),
    },
    perDay,
    topProducts: best.map((row) => {
      const card = cards.get(row.productId);
      return {
        _id: row.productId,
        name: card?.name ?? '',
        brand: card?.brand ?? '',
        card_picture: card?.cardPicture ?? '',
        units: row.units,
        revenue: fromCents(row.revenueCents),
      };
    }),
  };
}

/** One page of the sizes of products on sale with LOW_STOCK_UNITS units or fewer, and how many there are. */
export async function lowStockSizes(db: DbOrTx, page: number): Promise<LowStockPage> {
  const { rows, total } = await catalog.lowStock(db, LOW_STOCK_UNITS, {
    limit: LOW_STOCK_PAGE_SIZE,
    offset: (page - 1) * LOW_STOCK_PAGE_SIZE,
  });
  return {
    threshold: LOW_STOCK_UNITS,
    total,
    page,
    pages: Math.ceil(total / LOW_STOCK_PAGE_SIZE),
    sizes: rows.map((row) => ({
      _id: row.productId,
      name: row.name,
      brand: row.brand,
      size: String(row.size),
      units: row.units,
    })),
  };
}
