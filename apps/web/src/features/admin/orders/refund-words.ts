import { formatPrice, type Order, type PaymentEntry, STORE_CREDIT, splitRefund } from '@shop/contracts';

type Tender = PaymentEntry['tender'];

/** An amount given back, and the tender it goes back to. */
export interface MoneyBack {
  tender: Tender;
  amount: number;
}

const PAID: readonly PaymentEntry['kind'][] = ['capture', 'credit_spend'];
const GIVEN_BACK: readonly PaymentEntry['kind'][] = ['refund', 'credit_back'];

const centsOf = (entries: readonly PaymentEntry[], kinds: readonly PaymentEntry['kind'][]) =>
  entries
    .filter((entry) => kinds.includes(entry.kind))
    .reduce((sum, e) => sum + Math.round(e.amount * 100), 0);

/** Whether an entry gives money back (a refund, or store credit given back). */
export const givesBack = (entry: PaymentEntry) => GIVEN_BACK.includes(entry.kind);

/** What the order's ledger says was paid and what went back. */
export function paidAndBack(order: Order): { paid: number; back: number } {
  return { paid: centsOf(order.payments, PAID) / 100, back: centsOf(order.payments, GIVEN_BACK) / 100 };
}

const nonZero = (parts: [Tender, number][]): MoneyBack[] =>
  parts.filter(([, cents]) => cents > 0).map(([tender, cents]) => ({ tender, amount: cents / 100 }));

/**
 * What a refund of the whole order gives back now, split as the server splits it: store credit first, as
 * much as credit paid, the rest through the provider that took the payment.
 */
export function leftToRefund(order: Order): MoneyBack[] {
  const refunded = centsOf(order.payments, GIVEN_BACK);
  const left = centsOf(order.payments, PAID) - refunded;
  const split = splitRefund(
    { creditUsedCents: centsOf(order.payments, ['credit_spend']), refundedCents: refunded },
    Math.max(0, left),
  );
  return nonZero([
    [STORE_CREDIT, split.creditCents],
    [order.provider, split.providerCents],
  ]);
}

/** What the whole-order refund gave back (a return's refunds name their return and are not counted). */
export function refundedWhole(order: Order): MoneyBack[] {
  const whole = order.payments.filter((entry) => !entry.returnId);
  return nonZero([
    [
      STORE_CREDIT,
      centsOf(
        whole.filter((entry) => entry.tender === STORE_CREDIT),
        GIVEN_BACK,
      ),
    ],
    [
      order.provider,
      centsOf(
        whole.filter((entry) => entry.tender !== STORE_CREDIT),
        GIVEN_BACK,
      ),
    ],
  ]);
}

/**
 * "$80.00 as store credit and $45.99 through Card (Stripe)", each tender named by `tenderName`, in the
 * order's `currency` (the shop's when not given).
 */
export function moneyBackWords(
  parts: readonly MoneyBack[],
  tenderName: (tender: Tender) => string,
  currency?: string,
): string {
  if (parts.length === 0) return formatPrice(0, currency);
  return parts
    .map(({ tender, amount }) =>
      tender === STORE_CREDIT
        ? `${formatPrice(amount, currency)} as store credit`
        : `${formatPrice(amount, currency)} through ${tenderName(tender)}`,
    )
    .join(' and ');
}
