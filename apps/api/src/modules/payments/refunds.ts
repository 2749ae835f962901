import { STORE_CREDIT, splitRefund } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents, Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import * as credit from '../credit';
import { type RefundTax, recordCreditNote } from './credit-notes';
import { PaymentProviderError } from './gateway';
import { type OrderMoney, orderMoney } from './ledger';
import * as repository from './ledger.repository';
import { type Gateways, gatewayFor } from './payments';

/** What a refund needs of the app. */
export interface RefundDeps {
  db: Db;
  events: DomainEvents;
  gateways: Gateways;
  log: FastifyBaseLogger;
}

/** What a refund gave back: in all, and the part of it as store credit; the rest went through `tender`. */
export interface RefundedMoney {
  cents: number;
  creditCents: number;
  /** The provider the rest went back through (the one that captured the payment); null when none did. */
  tender: string | null;
  /** The tax in it, as its credit note says. */
  taxCents: number;
  /** Its credit note's number ("CN-000001"); null when nothing went back. */
  creditNote: string | null;
}

export interface RefundRequest<T> {
  /** The order, its number (the buyer's credit history names it) and its buyer (whose credit comes back). */
  order: { id: string; number: number; buyerId: string };
  /** At most this much: what is left to refund of the order caps it. */
  cents: number;
  /** Makes the refund once: the provider's idempotency key, and the key of its ledger entries. */
  key: string;
  /** The return it is for. */
  returnId?: string;
  /** All of it as store credit (the buyer asked for that), whatever paid the order. */
  asCredit?: boolean;
  /** The tax in what is asked, per rate, from the order's frozen lines: its credit note gives it back. */
  tax: RefundTax;
  /** What the buyer's staff are told when the provider refuses (502): nothing changed. */
  failure: string;
  /** The caller's own changes, in the transaction that records the refund: they commit together. */
  alongside: (tx: Tx, publish: Publish, refunded: RefundedMoney) => Promise<T>;
}

/** How long one refund attempt holds its claim; a crashed attempt's claim runs out after it. */
const REFUND_CLAIM_SECONDS = 120;

/**
 * How much of `cents` goes back, and how: never more than what is left of what was paid; store credit
 * first, as much as credit paid of the order (docs/decisions/0031), then the provider; or all of it as
 * credit when the buyer asked for that.
 */
function planRefund(money: OrderMoney, request: Pick<RefundRequest<unknown>, 'cents' | 'asCredit'>) {
  const cents = Math.max(0, Math.min(request.cents, money.paidCents - money.refundedCents));
  const creditCents = request.asCredit
    ? cents
    : splitRefund({ creditUsedCents: money.creditSpentCents, refundedCents: money.refundedCents }, cents)
        .creditCents;
  return { cents, creditCents, providerCents: cents - creditCents };
}

/**
 * What a refund of `cents` of the order would give back now, and how (nothing changes): store credit and
 * the provider that captured the payment (null when nothing goes through one).
 */
export async function refundPlan(
  db: DbOrTx,
  orderId: string,
  request: Pick<RefundRequest<unknown>, 'cents' | 'asCredit'>,
): Promise<{ cents: number; creditCents: number; providerCents: number; tender: string | null }> {
  const money = await orderMoney(db, orderId);
  const plan = planRefund(money, request);
  return { ...plan, tender: plan.providerCents > 0 ? (money.capture?.tender ?? null) : null };
}

/** Gives `cents` back through the provider that captured the payment; a refusal is a 502 saying `failure`. */
async function refundThroughProvider(
  deps: RefundDeps,
  capture: OrderMoney['capture'],
  cents: number,
  request: RefundRequest<unknown>,
): Promise<void> {
  if (!capture?.reference) throw new AppError('CONFLICT', 'This order has no payment to refund');
  try {
    await gatewayFor(deps.gateways, capture.tender).refund(capture.reference, cents, request.key);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.error({ err: error, orderId: request.order.id, returnId: request.returnId }, 'refund failed');
    throw new AppError('PAYMENT_FAILED', request.failure);
  }
}

/** The refund's ledger entries and the store credit given back, in the transaction that records it. */
async function recordRefund(
  tx: Tx,
  request: RefundRequest<unknown>,
  plan: ReturnType<typeof planRefund>,
  capture: OrderMoney['capture'],
): Promise<void> {
  const { order, key } = request;
  const returnId = request.returnId ?? null;
  if (plan.providerCents > 0 && capture) {
    await repository.insertEntries(tx, [
      {
        orderId: order.id,
        kind: 'refund',
        tender: capture.tender,
        amountCents: plan.providerCents,
        reference: capture.reference,
        returnId,
        key,
      },
    ]);
  }
  if (plan.creditCents > 0) {
    await repository.insertEntries(tx, [
      {
        orderId: order.id,
        kind: 'credit_back',
        tender: STORE_CREDIT,
        amountCents: plan.creditCents,
        returnId,
        key: `${key}:credit`,
      },
    ]);
    await credit.giveBackAsCredit(tx, {
      userId: order.buyerId,
      orderId: order.id,
      orderNumber: order.number,
      returnId: request.returnId,
      cents: plan.creditCents,
      key: `${key}:credit`,
    });
  }
}

/**
 * The one refund of the shop (docs/decisions/0032), whether staff refund a whole order or receive a return:
 * claims the order's refund (one at a time: another gets a 409), works out how much goes back and how
 * (store credit first), gives the provider's part back through it with the request's idempotency key, then
 * records the entries, the credit and the caller's own changes in one transaction. A provider refusal or a
 * failure anywhere releases the claim and changes nothing in the shop; a retry with the same key asks the
 * provider again, which answers the refund it made, so nothing is ever refunded twice. Whatever goes back
 * gets its numbered credit note in that transaction, with the tax in it (`request.tax`).
 */
export async function refund<T>(deps: RefundDeps, request: RefundRequest<T>): Promise<T> {
  const orderId = request.order.id;
  if (!(await repository.claimRefund(deps.db, orderId, REFUND_CLAIM_SECONDS))) {
    throw new AppError('CONFLICT', 'A refund of this order is in progress; try again in a moment');
  }
  try {
    const money = await orderMoney(deps.db, orderId);
    const plan = planRefund(money, request);
    if (plan.providerCents > 0) await refundThroughProvider(deps, money.capture, plan.providerCents, request);
    const tender = plan.providerCents > 0 ? (money.capture?.tender ?? null) : null;
    return await deps.events.transaction(deps.db, async (tx, publish) => {
      await recordRefund(tx, request, plan, money.capture);
      const note =
        plan.cents > 0
          ? await recordCreditNote(tx, {
              orderId,
              returnId: request.returnId ?? null,
              key: request.key,
              cents: plan.cents,
              tax: request.tax,
            })
          : null;
      await repository.releaseRefund(tx, orderId);
      const refunded: RefundedMoney = {
        cents: plan.cents,
        creditCents: plan.creditCents,
        tender,
        taxCents: note?.taxCents ?? 0,
        creditNote: note?.name ?? null,
      };
      return request.alongside(tx, publish, refunded);
    });
  } catch (error) {
    await repository
      .releaseRefund(deps.db, orderId)
      .catch((failure: unknown) => deps.log.error({ err: failure, orderId }, 'could not release a refund'));
    throw error;
  }
}
