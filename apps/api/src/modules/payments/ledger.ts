import { fromCents, type PaymentEntry, STORE_CREDIT } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './ledger.repository';

/**
 * The payments ledger (docs/decisions/0032): what paid each order and what went back, one entry a movement,
 * by tender. An order's paid and refunded figures are sums over its entries.
 */

/** An order's money as its ledger tells it. */
export interface OrderMoney {
  /** Captured by the provider and spent of the store credit. */
  paidCents: number;
  /** Refunded through the provider and given back as store credit. */
  refundedCents: number;
  /** The store credit spent on it. */
  creditSpentCents: number;
  /** The provider's capture: the tender and the payment a refund goes back to (none when credit paid it all). */
  capture: { tender: string; reference: string | null } | null;
}

const REFUNDS: readonly string[] = ['refund', 'credit_back'];

/** The sums of an order's entries. */
export function moneyOf(entries: repository.PaymentEntryRow[]): OrderMoney {
  const money: OrderMoney = { paidCents: 0, refundedCents: 0, creditSpentCents: 0, capture: null };
  for (const entry of entries) {
    if (REFUNDS.includes(entry.kind)) money.refundedCents += entry.amountCents;
    else money.paidCents += entry.amountCents;
    if (entry.kind === 'credit_spend') money.creditSpentCents += entry.amountCents;
    if (entry.kind === 'capture') money.capture = { tender: entry.tender, reference: entry.reference };
  }
  return money;
}

/** An order's money, read from its ledger. */
export async function orderMoney(db: DbOrTx, orderId: string): Promise<OrderMoney> {
  return moneyOf(await repository.findEntries(db, [orderId]));
}

function toWire(entry: repository.PaymentEntryRow): PaymentEntry {
  return {
    kind: entry.kind,
    tender: entry.tender,
    amount: fromCents(entry.amountCents),
    ...(entry.reference ? { reference: entry.reference } : {}),
    ...(entry.returnId ? { returnId: entry.returnId } : {}),
    at: entry.createdAt.toISOString(),
  };
}

/** Each order's ledger as the API shows it (`payments`), with its refunded figure, by order id. */
export async function ledgersOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { payments: PaymentEntry[]; refundedCents: number }>> {
  const byOrder = new Map<string, repository.PaymentEntryRow[]>();
  for (const entry of await repository.findEntries(db, orderIds)) {
    byOrder.set(entry.orderId, [...(byOrder.get(entry.orderId) ?? []), entry]);
  }
  return new Map(
    [...byOrder].map(([orderId, entries]) => [
      orderId,
      { payments: entries.map(toWire), refundedCents: moneyOf(entries).refundedCents },
    ]),
  );
}

/**
 * Records what paid an order, in the transaction that approves it: the provider's capture of what it was
 * asked for, and the store credit spent on the rest. Once per order, however often it runs.
 */
export async function recordPayment(
  tx: DbOrTx,
  paid: {
    orderId: string;
    tender: string;
    reference: string | null;
    captureCents: number;
    creditCents: number;
  },
): Promise<void> {
  const entries: repository.NewPaymentEntry[] = [];
  if (paid.captureCents > 0 && paid.tender !== STORE_CREDIT) {
    entries.push({
      orderId: paid.orderId,
      kind: 'capture',
      tender: paid.tender,
      amountCents: paid.captureCents,
      reference: paid.reference,
      key: `capture:${paid.orderId}`,
    });
  }
  if (paid.creditCents > 0) {
    entries.push({
      orderId: paid.orderId,
      kind: 'credit_spend',
      tender: STORE_CREDIT,
      amountCents: paid.creditCents,
      key: `credit-spend:${paid.orderId}`,
    });
  }
  await repository.insertEntries(tx, entries);
}

/** What came back of a return: in all, and by tender (the provider, store credit), in cents. */
export interface Returned {
  cents: number;
  parts: { tender: string; cents: number }[];
}

/** What came back of each of these returns, refunds and store credit, by return id: the provider first. */
export async function returnedByReturn(db: DbOrTx, returnIds: string[]): Promise<Map<string, Returned>> {
  const byReturn = new Map<string, Returned>();
  const rows = await repository.sumReturned(db, returnIds);
  const creditLast = (tender: string) => (tender === STORE_CREDIT ? 1 : 0);
  rows.sort((a, b) => creditLast(a.tender) - creditLast(b.tender));
  for (const row of rows) {
    const returned = byReturn.get(row.returnId) ?? { cents: 0, parts: [] };
    returned.cents += row.cents;
    returned.parts.push({ tender: row.tender, cents: row.cents });
    byReturn.set(row.returnId, returned);
  }
  return byReturn;
}

/**
 * The refunds and give-backs made since `from`, in cents by order id: every refund of an order placed
 * since then (the Sales view nets them out of the day the order was placed).
 */
export function refundsMadeSince(db: DbOrTx, from: Date): Promise<Map<string, number>> {
  return repository.sumRefundsMadeSince(db, from);
}

/**
 * The refunds and give-backs made in [from, to), in cents per order and per return (`returnId` null: a
 * whole-order refund): the tax report's refunds of the period.
 */
export function refundsMadeIn(db: DbOrTx, from: Date, to: Date) {
  return repository.sumRefundsMadeIn(db, from, to);
}

/** Records a verified provider event once: false when it was seen before (a replay, a duplicate delivery). */
export function recordProviderEvent(
  db: DbOrTx,
  event: { provider: string; eventId: string; type: string; orderId: string | null },
): Promise<boolean> {
  return repository.recordEvent(db, event);
}
