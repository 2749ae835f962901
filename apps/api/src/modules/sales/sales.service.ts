import {
  fromCents,
  LOW_STOCK_PAGE_SIZE,
  LOW_STOCK_UNITS,
  type LowStockPage,
  SALES_RETURN_PRODUCTS,
  SALES_TOP_PRODUCTS,
  type SalesDay,
  type SalesReport,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog';
import * as orders from '../orders';
import * as payments from '../payments';
import * as returns from '../returns';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant, in UTC. */
const dayOf = (instant: Date | number) => new Date(instant).toISOString().slice(0, 10);

type PaidDay = Awaited<ReturnType<typeof orders.paidPerDay>>[number];

/**
 * What was refunded (whole orders and returns, through the provider and as store credit) of the paid orders
 * placed in [from, end), by the day each was placed: the ledger's refunds since `from`, each counted on its
 * order's day.
 */
async function refundedPerDay(db: DbOrTx, from: Date, end: Date): Promise<Map<string, number>> {
  const refunds = await payments.refundsMadeSince(db, from);
  const days = await orders.placedDaysOf(db, [...refunds.keys()], from, end);
  const perDay = new Map<string, number>();
  for (const [orderId, day] of days) perDay.set(day, (perDay.get(day) ?? 0) + (refunds.get(orderId) ?? 0));
  return perDay;
}

/** The period's days, every one present (quiet ones with zeros), and their sums. */
function daysOf(paid: PaidDay[], refunded: Map<string, number>, from: Date, days: number) {
  const byDay = new Map(paid.map((row) => [row.day, row]));
  const perDay: SalesDay[] = [];
  const sums = { grossCents: 0, refundedCents: 0, shippingCents: 0, orders: 0 };
  for (let index = 0; index < days; index += 1) {
    const day = dayOf(from.getTime() + index * DAY_MS);
    const found = byDay.get(day) ?? { grossCents: 0, shippingCents: 0, orders: 0 };
    const refundedCents = refunded.get(day) ?? 0;
    sums.grossCents += found.grossCents;
    sums.refundedCents += refundedCents;
    sums.shippingCents += found.shippingCents;
    sums.orders += found.orders;
    perDay.push({ day, revenue: fromCents(found.grossCents - refundedCents), orders: found.orders });
  }
  return { perDay, sums };
}

/** The returns of the period: per reason, and the most returned products with their return rate. */
async function returnsOf(db: DbOrTx, from: Date, end: Date): Promise<SalesReport['returns']> {
  const figures = await returns.returnFigures(db, from, end, SALES_RETURN_PRODUCTS);
  const ids = figures.perProduct.map((row) => row.productId);
  const [sold, cards] = await Promise.all([
    orders.unitsSold(db, ids, from, end),
    catalog.productCards(db, ids),
  ]);
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  return {
    returns: figures.returns,
    units: figures.units,
    byReason: figures.perReason,
    products: figures.perProduct.map((row) => {
      const units = sold.get(row.productId) ?? 0;
      return {
        _id: row.productId,
        name: cardOf.get(row.productId)?.name ?? '',
        brand: cardOf.get(row.productId)?.brand ?? '',
        returned: row.units,
        sold: units,
        rate: units === 0 ? null : Math.round((row.units / units) * 1000) / 1000,
      };
    }),
  };
}

/**
 * The Sales view: the orders paid in the `days` UTC days ending today, day by day (every day present,
 * quiet ones with zeros) and in total, net of what was refunded since (whole orders and returns); the
 * products that sold most pairs in them, net too (pairs returned for a refund and wholly refunded orders
 * left out, revenue after the discount code); and the period's returns (the sizes running out are
 * lowStockSizes, apart: they do not depend on the period). An order counts on the day it was placed. The
 * products are named as the catalogue has them now (archived ones too). Figures are summed in cents and
 * leave cents here.
 */
export async function salesReport(db: DbOrTx, days: number, now = new Date()): Promise<SalesReport> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const [paid, refunded, best, returned] = await Promise.all([
    orders.paidPerDay(db, from, end),
    refundedPerDay(db, from, end),
    returns
      .refundedLinesSince(db, from)
      .then((back) => orders.bestSellers(db, from, end, SALES_TOP_PRODUCTS, back)),
    returnsOf(db, from, end),
  ]);
  const cards = new Map(
    (
      await catalog.productCards(
        db,
        best.map((row) => row.productId),
      )
    ).map((card) => [card.id, card]),
  );
  const { perDay, sums } = daysOf(paid, refunded, from, days);
  const netCents = sums.grossCents - sums.refundedCents;
  return {
    days,
    from: dayOf(from),
    to: dayOf(today),
    totals: {
      revenue: fromCents(netCents),
      gross: fromCents(sums.grossCents),
      refunded: fromCents(sums.refundedCents),
      shipping: fromCents(sums.shippingCents),
      orders: sums.orders,
      averageOrder: sums.orders === 0 ? 0 : fromCents(Math.round(netCents / sums.orders)),
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
    returns: returned,
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
