import type { TaxCategory } from '@shop/contracts';
import type Stripe from 'stripe';
import { defineTaxProvider, type TaxAddress, type TaxRates, type TaxRatesRequest } from '../provider';

interface StripeTaxSettings {
  secretKey: string;
  /** Another Stripe API (a local fake in tests); null for Stripe's own. */
  apiUrl: string | null;
  timeoutMs: number;
}

/**
 * Stripe's tax codes for the shop's categories. Standard is Stripe's general tangible goods (shoes have
 * no US code of their own); the US has no reduced rate for them, so reduced asks for the same; zero and
 * exempt ask for Stripe's nontaxable code, and the shop keeps their rate (0 and none) whatever it says.
 */
const TAX_CODES: Record<TaxCategory, string> = {
  standard: 'txcd_99999999',
  reduced: 'txcd_99999999',
  zero: 'txcd_00000000',
  exempt: 'txcd_00000000',
};
/** Stripe's code for shipping charges. */
const SHIPPING_TAX_CODE = 'txcd_92010001';

type Breakdown = { tax_rate_details: { percentage_decimal: string } | null }[] | null | undefined;

/**
 * A line's combined rate in pcm: the sum of its jurisdictions' percentages (state, county, city, district)
 * as Stripe states them ("7.25"), rounded to the pcm. Throws on an answer that is not a rate.
 */
function combinedRatePcm(breakdown: Breakdown, what: string): number {
  if (!Array.isArray(breakdown)) throw new Error(`Stripe Tax answered no tax breakdown for ${what}`);
  let pcm = 0;
  for (const part of breakdown) {
    const percent = part.tax_rate_details ? Number(part.tax_rate_details.percentage_decimal) : 0;
    if (!Number.isFinite(percent) || percent < 0)
      throw new Error(`Stripe Tax answered a rate that is not one for ${what}`);
    pcm += Math.round(percent * 1000);
  }
  if (pcm > 100_000) throw new Error(`Stripe Tax answered a rate over 100% for ${what}`);
  return pcm;
}

function customerAddress(address: TaxAddress) {
  return {
    country: address.country,
    ...(address.region ? { state: address.region } : {}),
    ...(address.postalCode ? { postal_code: address.postalCode } : {}),
    ...(address.city ? { city: address.city } : {}),
    ...(address.line1 ? { line1: address.line1 } : {}),
  };
}

/** The calculation Stripe is asked for: the lines and shipping at their amounts, to the shipping address. */
async function calculationParams(request: TaxRatesRequest): Promise<Stripe.Tax.CalculationCreateParams> {
  const order = await request.order();
  const taxBehavior = request.pricesIncludeTax ? 'inclusive' : 'exclusive';
  return {
    currency: request.currency.toLowerCase(),
    line_items: order.lines.map((line) => ({
      amount: line.amountCents,
      reference: line.reference,
      tax_behavior: taxBehavior,
      tax_code: TAX_CODES[line.category],
    })),
    ...(order.shipping
      ? {
          shipping_cost: {
            amount: order.shipping.amountCents,
            tax_behavior: taxBehavior,
            tax_code: SHIPPING_TAX_CODE,
          },
        }
      : {}),
    customer_details: { address: customerAddress(request.address), address_source: 'shipping' },
    expand: ['line_items.data.tax_breakdown'],
  };
}

/** Each line's rate by its reference, and shipping's, from Stripe's calculation. */
function ratesOf(calculation: Stripe.Tax.Calculation, asked: Stripe.Tax.CalculationCreateParams): TaxRates {
  const answered = calculation.line_items?.data ?? [];
  const lineRatesPcm = new Map<string, number | null>();
  for (const line of asked.line_items) {
    const reference = line.reference ?? '';
    const item = answered.find((candidate) => candidate.reference === reference);
    if (!item) throw new Error(`Stripe Tax answered no line ${reference}`);
    lineRatesPcm.set(reference, combinedRatePcm(item.tax_breakdown, `line ${reference}`));
  }
  const shippingRatePcm = asked.shipping_cost
    ? combinedRatePcm(calculation.shipping_cost?.tax_breakdown, 'shipping')
    : null;
  return { lineRatesPcm, shippingRatePcm };
}

/**
 * Stripe Tax's Calculations API through the official SDK, for US sales tax: Stripe works out each line's
 * combined rate at the shipping address (with `tax_behavior` as the shop's prices are) and the shop's
 * pricing function computes the tax. No retries: the checkout waits `timeoutMs` at most.
 */
export const stripe = defineTaxProvider<StripeTaxSettings>({
  id: 'stripe',
  settings: (config) => (config.stripe ? { ...config.stripe, timeoutMs: config.timeoutMs } : null),
  prepare: (settings) => {
    // A key Stripe refuses shows at the first calculation (and falls back); loading fails only without the SDK.
    stripeClient(settings).catch(() => clients.clear());
  },
  covers: (jurisdiction) => jurisdiction.country === 'US',
  async rates(settings, request) {
    const client = await stripeClient(settings);
    const params = await calculationParams(request);
    const calculation = await client.tax.calculations.create(params);
    return ratesOf(calculation, params);
  },
});

const clients = new Map<string, Promise<Stripe>>();

/** One SDK client per key and API, loaded on first use: a shop on the rate table never carries it. */
function stripeClient(settings: StripeTaxSettings): Promise<Stripe> {
  const key = `${settings.secretKey} ${settings.apiUrl ?? ''} ${settings.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(settings.secretKey, {
          maxNetworkRetries: 0,
          timeout: settings.timeoutMs,
          ...(api
            ? {
                host: api.hostname,
                port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
                protocol: api.protocol.replace(':', '') as 'http' | 'https',
              }
            : {}),
        }),
    );
    clients.set(key, client);
  }
  return client;
}
