import {
  COUNTRY_CODES,
  countryCode,
  EU_COUNTRIES,
  fromCents,
  pcmToPercent,
  type TaxReport,
  type TaxReportRow,
  usStateCode,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as orders from '../orders';
import * as payments from '../payments';
import * as returns from '../returns';
import * as tax from '../tax';

const DAY_MS = 86_400_000;

/** A place and rate of the report: what the orders paid in the period and the refunds made in it hold there. */
interface Bucket {
  jurisdiction: string;
  country: string;
  region: string;
  rateType: string;
  ratePcm: number | null;
  reason: string | null;
  netCents: number;
  taxCents: number;
  orders: Set<string>;
  refundedNetCents: number;
  refundedTaxCents: number;
}

/** One line (or the shipping) of an order: its place and rate, what it took before tax, and its tax. */
interface Part {
  key: Omit<Bucket, 'netCents' | 'taxCents' | 'orders' | 'refundedNetCents' | 'refundedTaxCents'>;
  /** The order line's position; null for shipping. */
  position: number | null;
  count: number;
  netCents: number;
  taxCents: number;
}

/**
 * Where an order's tax belongs: whose rates applied ('FR', 'US-CA') where tax was collected, otherwise where
 * it went, as its address names it (a country code, and the state in the US).
 */
function placeOf(order: orders.TaxedOrder): { jurisdiction: string; country: string; region: string } {
  if (order.taxCollected && order.taxJurisdiction) {
    const [country = '', region = ''] = order.taxJurisdiction.split('-');
    return { jurisdiction: order.taxJurisdiction, country, region };
  }
  const typed = order.shipTo?.country ?? '';
  const code = countryCode(typed);
  const country = code && COUNTRY_CODES.includes(code) ? code : typed.trim();
  const region = country === 'US' ? (usStateCode(order.shipTo?.state ?? '') ?? '') : '';
  return { jurisdiction: region ? `${country}-${region}` : country, country, region };
}

/** Why a part carries no rate: nothing was collected on the order (its reason), or the category is exempt. */
function reasonOf(order: orders.TaxedOrder, ratePcm: number | null, exempt: string): string | null {
  if (!order.taxCollected) return order.taxReason || 'no tax collected';
  return ratePcm === null ? exempt : null;
}

/** An order's lines and shipping, each with its frozen rate, net and tax (decision 34: nothing recomputed). */
function partsOf(order: orders.TaxedOrder): Part[] {
  const place = placeOf(order);
  const parts: Part[] = order.items.map((item) => {
    const base = item.unitPriceCents * item.count - item.discountCents;
    const ratePcm = order.taxCollected ? item.taxRatePcm : null;
    return {
      key: { ...place, rateType: item.taxCategory, ratePcm, reason: reasonOf(order, ratePcm, 'exempt') },
      position: item.position,
      count: item.count,
      netCents: order.pricesIncludeTax ? base - item.taxCents : base,
      taxCents: item.taxCents,
    };
  });
  if (order.shippingCents > 0 || order.shippingTaxCents > 0) {
    const ratePcm = order.taxCollected ? order.shippingTaxRatePcm : null;
    const sameRate = order.items.find((item) => ratePcm !== null && item.taxRatePcm === ratePcm);
    parts.push({
      key: {
        ...place,
        rateType: ratePcm === null ? 'exempt' : (sameRate?.taxCategory ?? 'standard'),
        ratePcm,
        reason: reasonOf(order, ratePcm, 'shipping not taxed'),
      },
      position: null,
      count: 1,
      netCents: order.pricesIncludeTax ? order.shippingCents - order.shippingTaxCents : order.shippingCents,
      taxCents: order.shippingTaxCents,
    });
  }
  return parts;
}

/**
 * `total` cents spread over `weights` in proportion, the remainders to the largest fractions, so the shares
 * add up to `total` exactly; all of it to the first when every weight is 0.
 */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

const keyOf = (key: Part['key']) =>
  `${key.jurisdiction}|${key.rateType}|${key.ratePcm ?? ''}|${key.reason ?? ''}`;

function bucketFor(buckets: Map<string, Bucket>, key: Part['key']): Bucket {
  const id = keyOf(key);
  let bucket = buckets.get(id);
  if (!bucket) {
    bucket = {
      ...key,
      netCents: 0,
      taxCents: 0,
      orders: new Set(),
      refundedNetCents: 0,
      refundedTaxCents: 0,
    };
    buckets.set(id, bucket);
  }
  return bucket;
}

/**
 * The parts a refund gave back, as weights: a return's refunded units of each line (in proportion to the
 * line's units), or the whole order for a whole-order refund (or a return whose lines are unknown).
 */
function refundedParts(parts: Part[], refunded: returns.RefundedTax | undefined): Part[] {
  if (!refunded || refunded.lines.length === 0) return parts;
  return refunded.lines.flatMap((line) => {
    const part = parts.find((candidate) => candidate.position === line.position);
    if (!part) return [];
    const share = Math.min(line.count, part.count) / part.count;
    return [{ ...part, netCents: part.netCents * share, taxCents: part.taxCents * share }];
  });
}

/**
 * The tax a refund gave back: a return's as it stored it; a whole-order refund what the order's received
 * returns had not given back (decision 34), never more than the refund itself.
 */
function refundedTaxCents(
  order: orders.TaxedOrder,
  cents: number,
  refunded: returns.RefundedTax | undefined,
  returnsOfOrder: returns.RefundedTax[],
): number {
  const taxCents = refunded
    ? refunded.refundedTaxCents
    : order.taxCents - returnsOfOrder.reduce((sum, ret) => sum + ret.refundedTaxCents, 0);
  return Math.max(0, Math.min(cents, taxCents));
}

/** The refunds made in [from, to) into the buckets: tax and net spread over the parts they gave back. */
async function addRefunds(db: DbOrTx, buckets: Map<string, Bucket>, from: Date, to: Date) {
  const refunds = await payments.refundsMadeIn(db, from, to);
  const orderIds = [...new Set(refunds.map((refund) => refund.orderId))];
  const [refundedOrders, refundedReturns] = await Promise.all([
    orders.taxedOrders(db, orderIds),
    returns.refundedTaxOf(db, orderIds),
  ]);
  const orderOf = new Map(refundedOrders.map((order) => [order.id, order]));
  for (const refund of refunds) {
    const order = orderOf.get(refund.orderId);
    if (!order) continue;
    const ofOrder = refundedReturns.filter((ret) => ret.orderId === order.id);
    const refunded = refund.returnId ? ofOrder.find((ret) => ret.id === refund.returnId) : undefined;
    const taxCents = refundedTaxCents(order, refund.cents, refunded, ofOrder);
    const parts = refundedParts(partsOf(order), refunded);
    const taxWeights = parts.map((part) => part.taxCents);
    const taxShares = spread(
      taxCents,
      taxWeights.some((weight) => weight > 0) ? taxWeights : parts.map((part) => part.netCents),
    );
    const netShares = spread(
      refund.cents - taxCents,
      parts.map((part) => part.netCents),
    );
    parts.forEach((part, index) => {
      const bucket = bucketFor(buckets, part.key);
      bucket.refundedTaxCents += taxShares[index] ?? 0;
      bucket.refundedNetCents += netShares[index] ?? 0;
    });
  }
}

function rowOf(bucket: Bucket): TaxReportRow {
  return {
    jurisdiction: bucket.jurisdiction,
    country: bucket.country,
    region: bucket.region,
    eu: EU_COUNTRIES.includes(bucket.country),
    rateType: bucket.rateType,
    rate: bucket.ratePcm === null ? null : pcmToPercent(bucket.ratePcm),
    reason: bucket.reason,
    net: fromCents(bucket.netCents),
    tax: fromCents(bucket.taxCents),
    orders: bucket.orders.size,
    refundedNet: fromCents(bucket.refundedNetCents),
    refundedTax: fromCents(bucket.refundedTaxCents),
  };
}

/** Places in order, then the highest rate first, the rows without a rate last. */
function byPlaceAndRate(a: Bucket, b: Bucket): number {
  return (
    a.jurisdiction.localeCompare(b.jurisdiction) ||
    (b.ratePcm ?? -1) - (a.ratePcm ?? -1) ||
    a.rateType.localeCompare(b.rateType) ||
    (a.reason ?? '').localeCompare(b.reason ?? '')
  );
}

/**
 * The tax report of the days [from, to] (UTC, both included): the orders paid in them, by the day they were
 * paid, per place (whose rates applied, or where the order went when nothing was collected) and rate, each
 * line and the shipping at its frozen rate; and the refunds made in them, their tax as the refund stored it
 * spread over the lines it gave back. `net + tax` over the rows is what the orders took.
 */
export async function taxReport(db: DbOrTx, from: string, to: string): Promise<TaxReport> {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
  const [settings, paid] = await Promise.all([tax.reportSettings(db), orders.ordersPaidIn(db, start, end)]);
  const buckets = new Map<string, Bucket>();
  const counted = new Set<string>();
  for (const order of paid) {
    counted.add(order.id);
    for (const part of partsOf(order)) {
      const bucket = bucketFor(buckets, part.key);
      bucket.netCents += part.netCents;
      bucket.taxCents += part.taxCents;
      bucket.orders.add(order.id);
    }
  }
  await addRefunds(db, buckets, start, end);
  const sorted = [...buckets.values()].sort(byPlaceAndRate);
  const sum = (pick: (bucket: Bucket) => number) =>
    fromCents(sorted.reduce((acc, bucket) => acc + pick(bucket), 0));
  return {
    from,
    to,
    currency: settings.currency,
    homeCountry: settings.homeCountry,
    rows: sorted.map(rowOf),
    totals: {
      net: sum((bucket) => bucket.netCents),
      tax: sum((bucket) => bucket.taxCents),
      orders: counted.size,
      refundedNet: sum((bucket) => bucket.refundedNetCents),
      refundedTax: sum((bucket) => bucket.refundedTaxCents),
    },
  };
}
