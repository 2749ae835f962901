import { type CartItem, countryName, fromCents, type TaxQuote, toCents } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ShipTo, useShipTo } from '../../lib/ship-to';
import { getShopTax, taxWord } from '../../lib/shop-tax';
import { useSettled } from '../../lib/use-settled';

/** How long the lines and the destination rest before the cart's tax is asked for again. */
const QUOTE_PAUSE_MS = 400;

export interface CartTax {
  /** Where the tax is shown for: the footer's "Ship to" choice. */
  shipTo: ShipTo;
  /** Its name, in English. */
  placeName: string;
  /** "VAT" or "tax", as the shop's home calls it. */
  word: 'VAT' | 'tax';
  /** The quote for the lines shipped there, once answered; undefined where the shop collects tax nowhere. */
  quote: TaxQuote | undefined;
  /** The tax on the products (shipping is priced at checkout). */
  productsTax: number;
}

/**
 * The tax of the cart's lines shipped to the footer's "Ship to" country (`POST /api/tax/quote`, the
 * checkout's pricing), asked once the lines and the country have rested, and only when the shop collects
 * tax somewhere. A US destination whose state is not known (a guest's) is not asked about: US sales tax is
 * the state's, so the cart only says it is added at checkout. The last answer stays while the next loads.
 */
export function useCartTax(lines: CartItem[], code: string | undefined, ready: boolean): CartTax {
  const shop = getShopTax();
  const shipTo = useShipTo({ askProfile: true });
  const body = {
    country: shipTo.country,
    region: shipTo.region,
    products: lines.map((line) => ({ id: line.id, size: line.size, count: line.count })),
    code,
  };
  const asking = JSON.stringify(body);
  const settled = useSettled(asking, QUOTE_PAUSE_MS);
  const placeKnown = shipTo.country !== 'US' || shipTo.region !== undefined;
  const query = useQuery({
    queryKey: ['cart-tax-quote', settled],
    // The country goes with its answer: the last answer, shown while the next loads, keeps its own name.
    queryFn: async () => {
      const asked = JSON.parse(settled) as typeof body;
      return { country: asked.country, quote: await api.post<TaxQuote>('/tax/quote', asked) };
    },
    enabled:
      Boolean(shop?.collects) &&
      shipTo.known &&
      settled === asking &&
      placeKnown &&
      ready &&
      body.products.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const answer = shop?.collects && placeKnown && body.products.length > 0 ? query.data : undefined;
  const quote = answer?.quote;
  const productsCents = (quote?.lines ?? []).reduce((sum, line) => sum + toCents(line.tax), 0);
  return {
    shipTo,
    placeName: countryName(answer?.country ?? shipTo.country),
    word: taxWord(shop?.homeCountry ?? ''),
    quote,
    productsTax: fromCents(productsCents),
  };
}
