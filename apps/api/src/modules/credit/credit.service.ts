import { CREDIT_PAGE_SIZE, type Credit, type CreditGrantBody, fromCents, toCents } from '@shop/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import type { Mailer } from '../mail';
import * as users from '../users';
import * as repository from './credit.repository';
import { creditEmail } from './credit-email';

/**
 * Store credit (docs/decisions/0031): a ledger of entries per account, never a bare number. Grants and
 * adjustments by staff, spends at checkout, spends given back when an order is cancelled before payment,
 * and refunds paid as credit each add one entry, idempotent on its key, in the transaction of what caused
 * it; the balance moves with a conditional update that never takes it below zero.
 */
export interface CreditDeps {
  db: Db;
  events: DomainEvents;
  mailer: Mailer;
  siteUrl: string;
  /** The most one grant by `actor` may give, in cents, or null for no cap (the staff settings). */
  grantLimitCents(db: DbOrTx, actor: CurrentUser): Promise<number | null>;
}

/** The account's balance, in dollars (the dashboard shows it). */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  return fromCents(await repository.findBalance(db, userId));
}

/** The account's balance in cents: checkout spends up to it. */
export function balanceCentsOf(db: DbOrTx, userId: string): Promise<number> {
  return repository.findBalance(db, userId);
}

/** `GET /api/users/:id/credit`: the balance and the ledger, newest first, one page. */
export async function creditOf(db: DbOrTx, userId: string, page: number): Promise<Credit> {
  const total = await repository.countEntries(db, userId);
  const rows = await repository.findEntries(db, userId, {
    limit: CREDIT_PAGE_SIZE,
    offset: (page - 1) * CREDIT_PAGE_SIZE,
  });
  return {
    balance: fromCents(await repository.findBalance(db, userId)),
    entries: rows.map((row) => ({
      id: row.id,
      amount: fromCents(row.amountCents),
      balanceAfter: fromCents(row.balanceAfterCents),
      kind: row.kind,
      reason: row.reason,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      returnId: row.returnId,
      date: row.createdAt.toISOString(),
    })),
    page,
    pages: Math.max(1, Math.ceil(total / CREDIT_PAGE_SIZE)),
  };
}

/**
 * `POST /api/users/:id/credit` (staff): a grant, or an adjustment taking credit back (never below zero: a
 * 409 says how much there is). Recorded in the audit trail and told to the account's owner by e-mail, in
 * the transaction that adds the entry.
 */
export async function grantCredit(
  deps: CreditDeps,
  actor: CurrentUser,
  userId: string,
  body: CreditGrantBody,
  key: string,
): Promise<Credit> {
  const contact = (await users.contactsOf(deps.db, [userId])).get(userId);
  if (!contact) throw AppError.notFound('User');
  const amountCents = toCents(body.amount);
  const limit = await deps.grantLimitCents(deps.db, actor);
  if (limit !== null && amountCents > limit) {
    throw new AppError(
      'FORBIDDEN',
      `One grant of store credit may give at most ${fromCents(limit).toFixed(2)}`,
      {
        amount: `must be at most ${fromCents(limit).toFixed(2)} (the owner's limit per grant)`,
      },
    );
  }
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.findBalance(tx, userId);
    const entry = await repository.addEntry(tx, {
      userId,
      amountCents,
      kind: amountCents > 0 ? 'grant' : 'adjustment',
      reason: body.reason,
      actorId: actor.id,
      key,
    });
    if (!entry) {
      throw new AppError(
        'CONFLICT',
        `The account has ${fromCents(before).toFixed(2)} of store credit; at most that can be taken back`,
        { amount: `must not take the balance below zero (it is ${fromCents(before).toFixed(2)})` },
      );
    }
    const balance = fromCents(entry.balanceAfterCents);
    await publish({
      type: 'credit.granted',
      userId,
      actorId: actor.id,
      before: { balance: fromCents(before) },
      after: { amount: body.amount, reason: body.reason, balance },
    });
    if (!contact.email.endsWith('.invalid')) {
      await deps.mailer.send(
        creditEmail(
          contact.email,
          contact.username,
          { amount: body.amount, reason: body.reason, balance },
          `${deps.siteUrl}/account/profile`,
        ),
        { queue: 'bulkMail', key: `credit-granted:${entry.id}`, tx },
      );
    }
  });
  return creditOf(deps.db, userId, 1);
}

/**
 * Pays `cents` of an order with the buyer's credit, in the checkout's transaction. False when the balance
 * no longer covers it (another checkout spent it meanwhile): the caller refuses the checkout.
 */
export async function spendCredit(
  tx: Tx,
  spend: { userId: string; orderId: string; orderNumber: number; cents: number },
): Promise<boolean> {
  if (spend.cents === 0) return true;
  const entry = await repository.addEntry(tx, {
    userId: spend.userId,
    amountCents: -spend.cents,
    kind: 'spend',
    reason: `Paid order #${spend.orderNumber}`,
    orderId: spend.orderId,
    orderNumber: spend.orderNumber,
    key: `spend:${spend.orderId}`,
  });
  return entry !== undefined;
}

/** An order cancelled before its payment gives back the credit it spent, once (subscribed to `order.cancelled`). */
export async function onOrderCancelled(tx: DbOrTx, orderId: string): Promise<void> {
  const spent = await repository.findSpent(tx, orderId);
  if (!spent) return;
  const key = `spend-returned:${orderId}`;
  if (await repository.findEntryByKey(tx, key)) return;
  await repository.addEntry(tx, {
    userId: spent.userId,
    amountCents: -spent.amountCents,
    kind: 'spend_returned',
    reason: `Order #${spent.orderNumber} was not paid`,
    orderId,
    orderNumber: spent.orderNumber,
    key,
  });
}

/**
 * A refund given back as store credit (an order refunded, or a return), once per `key`: a retry finds the
 * entry and adds nothing. Answers the cents credited by this call or an earlier one with the key.
 */
export async function giveBackAsCredit(
  tx: DbOrTx,
  refund: {
    userId: string;
    orderId: string;
    orderNumber: number;
    returnId?: string;
    cents: number;
    key: string;
  },
): Promise<number> {
  if (refund.cents <= 0) return 0;
  const earlier = await repository.findEntryByKey(tx, refund.key);
  if (earlier) return earlier.amountCents;
  const entry = await repository.addEntry(tx, {
    userId: refund.userId,
    amountCents: refund.cents,
    kind: refund.returnId ? 'return' : 'refund',
    reason: refund.returnId
      ? `Return for order #${refund.orderNumber} refunded as credit`
      : `Order #${refund.orderNumber} refunded as credit`,
    orderId: refund.orderId,
    orderNumber: refund.orderNumber,
    returnId: refund.returnId ?? null,
    key: refund.key,
  });
  return entry?.amountCents ?? 0;
}

/** The sum of the account's ledger entries: always its balance. */
export function ledgerSum(db: DbOrTx, userId: string): Promise<number> {
  return repository.sumEntries(db, userId);
}
