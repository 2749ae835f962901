import {
  type CartItem,
  fromCents,
  type OrderPrice,
  priceOrder,
  type ShippingMethod,
  toCents,
} from '@shop/contracts';
import { useEffect, useState } from 'react';
import { useShippingMethods } from './checkout-api';

/** How long the country field must rest before the methods serving it are asked for again. */
const COUNTRY_PAUSE_MS = 400;

/** The value once it has not changed for `ms`, so typing a country asks the server once, not per key. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the order comes to with a method, by the shop's one pricing function (the server prices it again). */
export function priceWith(lines: CartItem[], method: ShippingMethod | undefined): OrderPrice {
  return priceOrder(
    lines.map((line) => ({ unitPriceCents: toCents(line.price), count: line.count })),
    {
      name: method?.name ?? '',
      priceCents: method ? toCents(method.price) : 0,
      freeAboveCents: method?.freeAbove == null ? null : toCents(method.freeAbove),
    },
  );
}

/**
 * The shipping part of the checkout: the methods serving the country typed in the details form (asked
 * again when it changes), the buyer's choice among them (the cheapest until they choose; the cheapest
 * again when their choice does not serve the new country), and the order's amounts with it.
 */
export function useShippingChoice(country: string, lines: CartItem[]) {
  const settledCountry = useSettled(country.trim(), COUNTRY_PAUSE_MS);
  const query = useShippingMethods(settledCountry);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const methods = query.data ?? [];
  const chosen = methods.find((method) => method.id === chosenId) ?? methods[0];
  const price = priceWith(lines, chosen);
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
    total: fromCents(price.totalCents),
  } as const;
}

export type ShippingChoice = ReturnType<typeof useShippingChoice>;
