import type { PaymentEntry } from '@shop/contracts';
import { buildOrder } from '@shop/contracts/testing';
import { describe, expect, it } from 'vitest';
import { leftToRefund, moneyBackWords, paidAndBack, refundedWhole } from './refund-words';

const at = '2024-05-17T10:20:30.000Z';
const entry = (
  kind: PaymentEntry['kind'],
  tender: string,
  amount: number,
  returnId?: string,
): PaymentEntry => ({
  kind,
  tender,
  amount,
  at,
  ...(returnId ? { returnId } : {}),
});
const names = (tender: string) => (tender === 'stripe' ? 'Card (Stripe)' : tender);

/** An order of $125.99: $80.00 of store credit, the rest by card. */
const mixed = buildOrder({
  provider: 'stripe',
  payments: [entry('capture', 'stripe', 45.99), entry('credit_spend', 'store_credit', 80)],
});

describe('what a refund gives back, by tender', () => {
  it('gives store credit back first, the rest through the provider that took the payment', () => {
    expect(leftToRefund(mixed)).toEqual([
      { tender: 'store_credit', amount: 80 },
      { tender: 'stripe', amount: 45.99 },
    ]);
    expect(moneyBackWords(leftToRefund(mixed), names)).toBe(
      '$80.00 as store credit and $45.99 through Card (Stripe)',
    );
  });

  it("leaves out what a return's refund already gave back, credit first", () => {
    const afterReturn = {
      ...mixed,
      payments: [...mixed.payments, entry('credit_back', 'store_credit', 60, 'r1')],
    };
    expect(leftToRefund(afterReturn)).toEqual([
      { tender: 'store_credit', amount: 20 },
      { tender: 'stripe', amount: 45.99 },
    ]);
    expect(paidAndBack(afterReturn)).toEqual({ paid: 125.99, back: 60 });
  });

  it("names only the whole order's refund once made, not a return's", () => {
    const refunded = {
      ...mixed,
      payments: [
        ...mixed.payments,
        entry('credit_back', 'store_credit', 60, 'r1'),
        entry('credit_back', 'store_credit', 20),
        entry('refund', 'stripe', 45.99),
      ],
    };
    expect(moneyBackWords(refundedWhole(refunded), names)).toBe(
      '$20.00 as store credit and $45.99 through Card (Stripe)',
    );
    expect(leftToRefund(refunded)).toEqual([]);
  });

  it('words an order the store credit paid whole as credit only', () => {
    const byCredit = buildOrder({
      provider: 'store_credit',
      payments: [entry('credit_spend', 'store_credit', 50)],
    });
    expect(moneyBackWords(leftToRefund(byCredit), names)).toBe('$50.00 as store credit');
  });
});
