import type { DbOrTx, Tx } from '../../db/client';
import type { Publish } from '../../events/domain-events';
import * as catalog from '../catalog';
import * as payments from '../payments';
import type { OrderDeps } from './order-deps';
import { confirmationOf, orderCancelledEmail, tellBuyer } from './order-emails';
import * as repository from './orders.repository';

/**
 * An order's life after checkout: pending → aprobed when its payment is verified, pending → cancelled when
 * it is not paid (cancelled, failed, or its reservation ran out), each exactly once.
 */

/**
 * The order's lines in the catalogue's lock order: releasing or selling them takes the stock rows' locks in
 * the same order as every checkout reserves them, so these transactions cannot deadlock with each other.
 */
async function itemsInLockOrder(tx: DbOrTx, orderId: string) {
  return catalog.inLockOrder(await repository.findItems(tx, [orderId]));
}

/**
 * pending → aprobed: the reserved units become sold, and the ledger records what paid it (the provider's
 * capture and the store credit spent). True only for the caller that made the change.
 */
export async function approvePlacedOrder(tx: DbOrTx, publish: Publish, orderId: string): Promise<boolean> {
  const row = await repository.leavePending(tx, orderId, 'aprobed');
  if (!row) return false;
  for (const item of await itemsInLockOrder(tx, orderId)) {
    await catalog.markUnitsSold(tx, item.productId, item.size, item.count);
  }
  await payments.recordPayment(tx, {
    orderId,
    tender: row.provider,
    reference: row.providerReference,
    captureCents: row.totalCents - row.creditUsedCents,
    creditCents: row.creditUsedCents,
  });
  await publish({ type: 'order.paid', orderId });
  return true;
}

/**
 * pending → cancelled: the reserved units go back on sale, and the facts are published (the cancellation,
 * with who made it, and the units that came back). Answers true only to the caller that made the change.
 */
export async function cancelIn(
  tx: Tx,
  publish: Publish,
  orderId: string,
  actorId: string | null,
): Promise<boolean> {
  const row = await repository.leavePending(tx, orderId, 'cancelled');
  if (!row) return false;
  const items = await itemsInLockOrder(tx, orderId);
  for (const item of items) {
    await catalog.releaseUnits(tx, item.productId, item.size, item.count);
  }
  await publish({
    type: 'order.cancelled',
    orderId,
    actorId,
    before: { orderNumber: row.number, state: 'pending' },
    after: { orderNumber: row.number, state: 'cancelled' },
  });
  await publish({
    type: 'units.returned',
    lines: items.map((item) => ({ productId: item.productId, size: item.size })),
  });
  return true;
}

/**
 * Queues the confirmation e-mail, keyed by the order: however often this runs (a webhook and the buyer's
 * return at once, the sweep after a crash), one e-mail is queued and the job sends it, with retries. The
 * order records that it is queued only afterwards, so the sweep queues it again if this stopped half-way.
 */
export async function sendConfirmation(deps: OrderDeps, orderId: string): Promise<void> {
  try {
    const row = await repository.findOrder(deps.db, orderId);
    if (row?.state !== 'aprobed' || row.confirmationSentAt) return;
    await deps.mailer.send(await confirmationOf(deps, row), {
      queue: 'bulkMail',
      key: `order-confirmation:${orderId}`,
    });
    await repository.markConfirmationQueued(deps.db, orderId);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'could not queue the order confirmation; the sweep will');
  }
}

export async function approveOrder(deps: OrderDeps, orderId: string): Promise<boolean> {
  const changed = await deps.events.transaction(deps.db, (tx, publish) =>
    approvePlacedOrder(tx, publish, orderId),
  );
  if (changed) await sendConfirmation(deps, orderId);
  return changed;
}

/** Why a pending order closed, as its cancellation e-mail says it. */
type CancelReason = 'staff' | 'not-paid-in-time' | 'payment-failed';

export function tellCancelled(deps: OrderDeps, tx: Tx, orderId: string, reason: CancelReason) {
  return tellBuyer(deps, tx, orderId, 'cancelled', (order, accountUrl) =>
    orderCancelledEmail(order, reason, accountUrl),
  );
}

/**
 * Who closed a pending order when its buyer did not: a member of staff (recorded in the audit trail with
 * the change) or the clock (the reservation ran out unpaid). Either way the buyer is told by e-mail. A
 * buyer who cancelled, or whose payment failed or never started, saw it happen and gets no e-mail.
 */
export type ClosedBy = { staffId: string } | 'not-paid-in-time';

export async function cancelOrder(deps: OrderDeps, orderId: string, closedBy?: ClosedBy): Promise<boolean> {
  const staffId = typeof closedBy === 'object' ? closedBy.staffId : undefined;
  return deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await cancelIn(tx, publish, orderId, staffId ?? null))) return false;
    if (closedBy) await tellCancelled(deps, tx, orderId, staffId ? 'staff' : 'not-paid-in-time');
    return true;
  });
}

/** Orders one sweeper claims at a time, and how many of them it closes at once. */
const SWEEP_BATCH = 50;
const SWEEP_PARALLEL = 5;
/** How long a claimed order is left to its sweeper before another may take it over. */
const SWEEP_LEASE_MS = 5 * 60_000;

/** Asks the provider once more and closes one claimed reservation: approved if it was paid after all. */
async function expire(deps: OrderDeps, row: repository.OrderRow): Promise<'expired' | 'approved' | null> {
  const gateway = deps.gateways.gateway(row.provider);
  const outcome =
    row.providerReference && gateway ? await gateway.cancel(row.providerReference) : 'cancelled';
  if (outcome === 'paid') return (await approveOrder(deps, row.id)) ? 'approved' : null;
  return (await cancelOrder(deps, row.id, 'not-paid-in-time')) ? 'expired' : null;
}

/**
 * One order's reservation, when its expiry job comes due: closed like the sweep closes it, unless it was
 * paid, cancelled or taken by the sweep meanwhile. A provider that fails makes the job fail and retry.
 */
export async function expireReservation(deps: OrderDeps, orderId: string): Promise<void> {
  const [row] = await repository.claimDueReservations(
    deps.db,
    new Date(),
    1,
    new Date(Date.now() + SWEEP_LEASE_MS),
    orderId,
  );
  if (row) await expire(deps, row);
}

/**
 * Reservations not paid in time: asks each provider once more (a late payment is approved), otherwise
 * closes the payment page and returns the units. Claims due orders in batches until none is left (several
 * instances may sweep at once: each order is claimed by one), and calls the providers outside any
 * transaction; the state changes are conditional, so a buyer cancelling meanwhile is harmless. Also
 * retries confirmation e-mails that failed.
 */
export async function sweep(
  deps: OrderDeps,
  now = new Date(),
): Promise<{ expired: number; approved: number }> {
  const counts = { expired: 0, approved: 0 };
  for (;;) {
    const batch = await repository.claimDueReservations(
      deps.db,
      now,
      SWEEP_BATCH,
      new Date(Math.max(now.getTime(), Date.now()) + SWEEP_LEASE_MS),
    );
    for (let start = 0; start < batch.length; start += SWEEP_PARALLEL) {
      await Promise.all(
        batch.slice(start, start + SWEEP_PARALLEL).map(async (row) => {
          try {
            const result = await expire(deps, row);
            if (result) counts[result] += 1;
          } catch (error) {
            // The lease runs out and a later sweep tries again.
            deps.log.error({ err: error, orderId: row.id }, 'could not expire the reservation; will retry');
          }
        }),
      );
    }
    if (batch.length < SWEEP_BATCH) break;
  }
  for (const row of await repository.findUnconfirmedApproved(deps.db, 20))
    await sendConfirmation(deps, row.id);
  return counts;
}
