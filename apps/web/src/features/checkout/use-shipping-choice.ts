import {
  type CartItem,
  fromCents,
  type OrderPrice,
  type OrderTaxRates,
  type PricedDiscount,
  priceOrder,
  type ShippingMethod,
  toCents,
} from '@shop/contracts';
import { useState } from 'react';
import { useSettled } from '../../lib/use-settled';
import { useShippingMethods } from './checkout-api';

/** How long the country field must rest before the methods serving it are asked for again. */
export const COUNTRY_PAUSE_MS = 400;

/** The discount code's effect and the store credit to use, for the pricing function. */
export interface Deductions {
  discount?: PricedDiscount;
  /** Whether the code applies to a line. */
  eligible?: (line: CartItem) => boolean;
  /** The store credit the buyer uses, in cents (0 when they do not). */
  creditCents?: number;
  /** The tax the shop collects at the address, as the tax quote gave its rates (none when absent). */
  tax?: OrderTaxRates;
}

/** What the order comes to with a method, by the shop's one pricing function (the server prices it again). */
export function priceWith(
  lines: CartItem[],
  method: ShippingMethod | undefined,
  { discount, eligible, creditCents = 0, tax }: Deductions = {},
): OrderPrice {
  return priceOrder(
    lines.map((line) => ({
      unitPriceCents: toCents(line.price),
      count: line.count,
      eligible: eligible ? eligible(line) : true,
    })),
    {
      name: method?.name ?? '',
      priceCents: method ? toCents(method.price) : 0,
      freeAboveCents: method?.freeAbove == null ? null : toCents(method.freeAbove),
    },
    { discount, creditCents, tax },
  );
}

/**
 * The shipping part of the checkout: the methods serving the country typed in the details form (asked
 * again when it changes), the buyer's choice among them (the cheapest until they choose; the cheapest
 * again when their choice does not serve the new country), and the order's amounts with it.
 */
export function useShippingChoice(country: string, lines: CartItem[], deductions: Deductions = {}) {
  const settledCountry = useSettled(country.trim(), COUNTRY_PAUSE_MS);
  const query = useShippingMethods(settledCountry);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const methods = query.data ?? [];
  const chosen = methods.find((method) => method.id === chosenId) ?? methods[0];
  const price = priceWith(lines, chosen, deductions);
  // The list shown is for the country as typed: while a new one loads, the old list is not a choice.
  const current = settledCountry === country.trim() && !query.isPlaceholderData && query.isSuccess;
  return {
    methods,
    chosen,
    choose: setChosenId,
    country: settledCountry,
    status: query.isError ? 'error' : current ? 'ready' : 'loading',
    retry: () => query.refetch(),
    shipping: fromCents(price.shippingCents),
    /** The lines before the discount, and the discount. */
    subtotal: fromCents(price.linesCents),
    discount: fromCents(price.discountCents),
    /** The tax, on top of the prices or inside them (0 where the shop collects none). */
    tax: fromCents(price.taxCents),
    pricesIncludeTax: price.pricesIncludeTax,
    /** The lines less the discount, plus shipping and tax on top (what the order comes to). */
    total: fromCents(price.totalCents),
    /** What store credit pays of it, and what the payment provider is asked for. */
    credit: fromCents(price.creditCents),
    toPay: fromCents(price.chargeCents),
  } as const;
}

export type ShippingChoice = ReturnType<typeof useShippingChoice>;
