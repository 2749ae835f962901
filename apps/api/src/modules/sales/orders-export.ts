import type { Readable } from 'node:stream';
import { fromCents, pcmToPercent, type Shipment } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { type CsvValue, csvStream } from '../../lib/csv';
import * as fulfilment from '../fulfilment';
import * as orders from '../orders';
import * as users from '../users';

/** Orders the export reads per query. */
const EXPORT_BATCH = 1_000;

/**
 * The columns of the orders export: one row per order line, the order's own columns repeated on each
 * (`order_number` is the number the order goes by on screens, documents and e-mails);
 * `order_total` is the lines less `order_discount` (the discount code's, `line_discount` of it on each
 * line) plus the `shipping` charged by `shipping_method` (plus `order_tax` when `prices_include_tax` is
 * false); `credit_used` of it was paid with store credit. `line_tax_rate` (a percentage, empty where none
 * was collected) and `line_tax` are each line's frozen tax, `tax_jurisdiction` whose rates applied;
 * `currency` (ISO 4217, e.g. EUR) is the one the order's amounts are in, the shop's when it was placed.
 */
export const ORDER_EXPORT_HEADER = [
  'order_id',
  'order_number',
  'date',
  'state',
  'provider',
  'customer_username',
  'customer_email',
  'product_id',
  'product_name',
  'brand',
  'size',
  'count',
  'unit_price',
  'line_total',
  'order_total',
  'fulfilment',
  'shipped_at',
  'carrier',
  'tracking',
  'shipping_method',
  'shipping',
  'line_discount',
  'discount_code',
  'order_discount',
  'credit_used',
  'line_tax_rate',
  'line_tax',
  'order_tax',
  'prices_include_tax',
  'tax_jurisdiction',
  'currency',
] as const;

/** Money in the export: the order's currency with two decimals, as an accountant's spreadsheet reads them. */
const amount = (cents: number) => fromCents(cents).toFixed(2);

type Customer = { username: string; email: string };

/** An order's shipments in the export: when the first left, and every parcel's carrier and tracking number. */
function shipmentColumns(shipments: Shipment[]): CsvValue[] {
  return [
    shipments[0]?.shippedAt ?? '',
    shipments.map((shipment) => shipment.carrier).join('; '),
    shipments.map((shipment) => shipment.trackingNumber).join('; '),
  ];
}

/** An order's rows in the export: one per line (an order without lines, which checkout never makes, gets one). */
function exportRowsOf(row: orders.ExportedOrder, customer: Customer, shipments: Shipment[]): CsvValue[][] {
  const head = [
    row.id,
    row.number,
    row.createdAt.toISOString(),
    row.state,
    row.provider,
    customer.username,
    customer.email,
  ];
  const total = amount(row.totalCents);
  const tail = [row.fulfilment, ...shipmentColumns(shipments), row.shippingName, amount(row.shippingCents)];
  const money = [row.promotionCode ?? '', amount(row.discountCents), amount(row.creditUsedCents)];
  const tax = [
    amount(row.taxCents),
    row.pricesIncludeTax ? 'yes' : 'no',
    row.taxJurisdiction,
    row.currency.toUpperCase(),
  ];
  if (row.items.length === 0)
    return [[...head, '', '', '', '', '', '', '', total, ...tail, '', ...money, '', '', ...tax]];
  return row.items.map((item) => [
    ...head,
    item.productId,
    item.name,
    item.brand,
    String(item.size),
    item.count,
    amount(item.unitPriceCents),
    amount(item.unitPriceCents * item.count),
    total,
    ...tail,
    amount(item.discountCents),
    ...money,
    item.taxRatePcm === null ? '' : String(pcmToPercent(item.taxRatePcm)),
    amount(item.taxCents),
    ...tax,
  ]);
}

/** Every order of the filter, oldest first, `EXPORT_BATCH` at a time: the rows of one batch per step. */
async function* exportBatches(db: DbOrTx, filter: orders.OrdersFilter): AsyncGenerator<CsvValue[][]> {
  let after: orders.OrderCursor | undefined;
  for (;;) {
    const batch = await orders.ordersAfter(db, filter, after, EXPORT_BATCH);
    const ids = batch.map((row) => row.id);
    const [customers, shipments] = await Promise.all([
      users.summariesOf(
        db,
        batch.map((row) => row.userId),
      ),
      fulfilment.shipmentsOf(db, ids),
    ]);
    yield batch.flatMap((row) => {
      const customer = customers.get(row.userId) ?? { username: '', email: '' };
      return exportRowsOf(row, customer, shipments.get(row.id) ?? []);
    });
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = last.cursor;
  }
}

/**
 * The admin's CSV of every order matching the list's filters (one user's with `_id`, a state, dates), one
 * row per order line, oldest first; streamed batch by batch in constant memory, however many orders.
 */
export function exportOrders(db: DbOrTx, filter: orders.OrdersFilter): Promise<Readable> {
  return csvStream(ORDER_EXPORT_HEADER, exportBatches(db, filter));
}
