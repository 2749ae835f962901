import {
  countryCode,
  EU_COUNTRIES,
  EU_OSS_THRESHOLD_EUR,
  fromCents,
  type TaxThresholdBody,
  type TaxThresholds,
  THRESHOLD_NEAR_SHARE,
  toCents,
  US_STATES,
  type UsThreshold,
  usStateCode,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as orders from '../orders';
import * as repository from './tax.repository';
import type { TaxDeps } from './tax.service';

const MICROS = 1_000_000;
const EU_THRESHOLD_CENTS = EU_OSS_THRESHOLD_EUR * 100;

/** This calendar year's paid orders (UTC) per destination, the country as an ISO code and the US state as USPS. */
async function salesThisYear(db: DbOrTx, now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
  const rows = await orders.paidPerDestination(db, start, end);
  return rows.map((row) => {
    const country = countryCode(row.country) ?? row.country.trim().toUpperCase();
    return { ...row, country, state: country === 'US' ? (usStateCode(row.state) ?? '') : '' };
  });
}

type Sales = Awaited<ReturnType<typeof salesThisYear>>;

/**
 * The EU's One-Stop-Shop threshold: this year's sales before tax to EU countries other than the home
 * country, in euros at the owner's rate, against EUR 10,000 (passed when above it). It concerns a shop at
 * home in the EU only (`applies`).
 */
export function euThreshold(sales: Sales, homeCountry: string, eurRateMicros: number): TaxThresholds['eu'] {
  const applies = EU_COUNTRIES.includes(homeCountry);
  const netCents = sales
    .filter((row) => row.country !== homeCountry && EU_COUNTRIES.includes(row.country))
    .reduce((sum, row) => sum + row.totalCents - row.taxCents, 0);
  const euroCents = Math.round((netCents * eurRateMicros) / MICROS);
  const share = euroCents / EU_THRESHOLD_CENTS;
  const crossed = applies && euroCents > EU_THRESHOLD_CENTS;
  return {
    applies,
    sales: fromCents(euroCents),
    threshold: EU_OSS_THRESHOLD_EUR,
    share: Math.round(share * 1000) / 1000,
    near: applies && !crossed && share >= THRESHOLD_NEAR_SHARE,
    crossed,
    eurRate: eurRateMicros / MICROS,
  };
}

/**
 * A US state's nexus: this year's gross sales and transactions there against its thresholds; crossed when
 * either is reached, near from 80 % of either (`share`, the larger of the two).
 */
export function usThreshold(
  row: repository.NexusThresholdRow,
  salesCents: number,
  transactions: number,
): UsThreshold {
  const shares = [
    row.salesThresholdCents === null ? 0 : salesCents / row.salesThresholdCents,
    row.transactionsThreshold === null ? 0 : transactions / row.transactionsThreshold,
  ];
  const share = Math.max(...shares);
  const crossed = shares.some((part) => part >= 1);
  return {
    state: row.region,
    name: US_STATES[row.region] ?? row.region,
    sales: fromCents(salesCents),
    transactions,
    salesThreshold: row.salesThresholdCents === null ? null : fromCents(row.salesThresholdCents),
    transactionsThreshold: row.transactionsThreshold,
    share: Math.round(share * 1000) / 1000,
    near: !crossed && share >= THRESHOLD_NEAR_SHARE,
    crossed,
    source: row.source,
  };
}

/** This year's sales against the EU's One-Stop-Shop threshold and every US state's economic nexus. */
export async function taxThresholds(db: DbOrTx, now = new Date()): Promise<TaxThresholds> {
  const [settings, sales, rows] = await Promise.all([
    repository.findSettings(db),
    salesThisYear(db, now),
    repository.findNexusThresholds(db),
  ]);
  const perState = new Map<string, { cents: number; orders: number }>();
  for (const row of sales.filter((candidate) => candidate.country === 'US' && candidate.state)) {
    const sum = perState.get(row.state) ?? { cents: 0, orders: 0 };
    perState.set(row.state, { cents: sum.cents + row.totalCents, orders: sum.orders + row.orders });
  }
  return {
    eu: euThreshold(sales, settings.homeCountry, settings.eurRateMicros),
    us: rows.map((row) =>
      usThreshold(row, perState.get(row.region)?.cents ?? 0, perState.get(row.region)?.orders ?? 0),
    ),
  };
}

const thresholdWire = (row: repository.NexusThresholdRow) => ({
  state: row.region,
  salesThreshold: row.salesThresholdCents === null ? null : fromCents(row.salesThresholdCents),
  transactionsThreshold: row.transactionsThreshold,
});

/** Changes a US state's thresholds (null: none), audited; answers the state's line of the thresholds. */
export async function updateNexusThreshold(
  deps: TaxDeps,
  staff: CurrentUser,
  state: string,
  body: TaxThresholdBody,
): Promise<UsThreshold> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.lockNexusThreshold(tx, state);
    if (!before) throw AppError.notFound('Economic-nexus threshold');
    const after = await repository.updateNexusThreshold(tx, state, {
      salesThresholdCents: body.salesThreshold === null ? null : toCents(body.salesThreshold),
      transactionsThreshold: body.transactionsThreshold,
    });
    if (!after) throw AppError.notFound('Economic-nexus threshold');
    await publish({
      type: 'tax.threshold-updated',
      taxId: `US-${state}`,
      actorId: staff.id,
      before: thresholdWire(before),
      after: thresholdWire(after),
    });
  });
  const line = (await taxThresholds(deps.db)).us.find((candidate) => candidate.state === state);
  if (!line) throw AppError.notFound('Economic-nexus threshold');
  return line;
}
