import { creditNoteName } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import * as repository from './credit-notes.repository';

/**
 * Credit notes (issue 37): every refund that gives money back has one, numbered in the shop's one
 * sequence and written in the refund's transaction; its tax comes from the order's frozen lines.
 */

/** Tax at one rate: the net and the tax in it, in cents; the rate in pcm (null: none collected). */
export interface RateTax {
  ratePcm: number | null;
  netCents: number;
  taxCents: number;
}

/**
 * The tax in what a refund was to give back, from the order's frozen lines: `dueCents` is what the caller
 * asked for, `rates` its net and tax per rate. A refund that gives back less than that gives back tax in
 * proportion. With `rest`, `rates` is all the order's tax, and the note gives back what the order's
 * earlier notes left of each rate (a whole-order refund, after returns, gives back the rest).
 */
export interface RefundTax {
  dueCents: number;
  rates: RateTax[];
  rest?: boolean;
}

/** No tax in the refund: an order on which none was collected. */
export const NO_TAX: RefundTax = { dueCents: 0, rates: [] };

/** Parts summed per rate, in the order the rates first appear; rates with nothing in them left out. */
export function sumByRate(parts: readonly RateTax[]): RateTax[] {
  const byRate = new Map<number | null, RateTax>();
  for (const part of parts) {
    const sum = byRate.get(part.ratePcm) ?? { ratePcm: part.ratePcm, netCents: 0, taxCents: 0 };
    sum.netCents += part.netCents;
    sum.taxCents += part.taxCents;
    byRate.set(part.ratePcm, sum);
  }
  return [...byRate.values()].filter((rate) => rate.netCents !== 0 || rate.taxCents !== 0);
}

/** What the order's earlier notes left of each rate (never below zero). */
function lessEarlier(rates: RateTax[], earlier: repository.CreditNoteRow[]): RateTax[] {
  const given = sumByRate(earlier.flatMap((note) => note.rates));
  return rates.map((rate) => {
    const back = given.find((candidate) => candidate.ratePcm === rate.ratePcm);
    return {
      ratePcm: rate.ratePcm,
      netCents: Math.max(0, rate.netCents - (back?.netCents ?? 0)),
      taxCents: Math.max(0, rate.taxCents - (back?.taxCents ?? 0)),
    };
  });
}

/**
 * The tax a refund of `cents` gives back of `due`: all of it when it gives back all that was due, else in
 * proportion, rounded down in all (as `refundedTax` does), the cents the rounding left going to the rates
 * whose share lost most. So no rate gives back more than was due of it, and the rates add up to the total.
 */
export function taxGivenBack(rates: RateTax[], dueCents: number, cents: number): RateTax[] {
  if (cents >= dueCents) return rates;
  if (dueCents <= 0 || cents <= 0) return [];
  const total = rates.reduce((sum, rate) => sum + rate.taxCents, 0);
  const share = (value: number) => Math.floor((value * cents) / dueCents);
  const scaled = rates.map((rate) => ({
    rate: { ratePcm: rate.ratePcm, netCents: share(rate.netCents), taxCents: share(rate.taxCents) },
    lost: (rate.taxCents * cents) % dueCents,
  }));
  let left = share(total) - scaled.reduce((sum, part) => sum + part.rate.taxCents, 0);
  for (const part of [...scaled].sort((a, b) => b.lost - a.lost)) {
    if (left <= 0) break;
    part.rate.taxCents += 1;
    left -= 1;
  }
  return sumByRate(scaled.map((part) => part.rate));
}

/** A credit note as the modules read it. */
export interface CreditNoteRecord {
  /** Its place in the sequence, and its printed number ("CN-000001"). */
  number: number;
  name: string;
  orderId: string;
  returnId: string | null;
  amountCents: number;
  taxCents: number;
  rates: RateTax[];
  createdAt: Date;
}

const toRecord = (row: repository.CreditNoteRow): CreditNoteRecord => ({
  number: row.number,
  name: creditNoteName(row.number),
  orderId: row.orderId,
  returnId: row.returnId,
  amountCents: row.amountCents,
  taxCents: row.taxCents,
  rates: row.rates,
  createdAt: row.createdAt,
});

/**
 * Writes the refund's credit note in its transaction, once per refund key: a retried refund finds its note
 * and makes no second one. Answers the note.
 */
export async function recordCreditNote(
  tx: Tx,
  refund: { orderId: string; returnId: string | null; key: string; cents: number; tax: RefundTax },
): Promise<CreditNoteRecord> {
  const made = await repository.findByKey(tx, refund.key);
  if (made) return toRecord(made);
  const due = refund.tax.rest
    ? lessEarlier(refund.tax.rates, await repository.findForOrder(tx, refund.orderId))
    : refund.tax.rates;
  const rates = taxGivenBack(sumByRate(due), refund.tax.dueCents, refund.cents);
  const row = await repository.insertNumbered(tx, {
    orderId: refund.orderId,
    returnId: refund.returnId,
    key: refund.key,
    amountCents: refund.cents,
    taxCents: rates.reduce((sum, rate) => sum + rate.taxCents, 0),
    rates,
  });
  return toRecord(row);
}

/** An order's credit notes, oldest first. */
export async function creditNotesOf(db: DbOrTx, orderId: string): Promise<CreditNoteRecord[]> {
  return (await repository.findForOrder(db, orderId)).map(toRecord);
}

/** One credit note of an order, by its place in the sequence. */
export async function creditNoteOf(
  db: DbOrTx,
  orderId: string,
  number: number,
): Promise<CreditNoteRecord | undefined> {
  const row = await repository.findOne(db, orderId, number);
  return row ? toRecord(row) : undefined;
}
