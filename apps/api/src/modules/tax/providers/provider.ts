import type { TaxCategory } from '@shop/contracts';

/** An order's destination as a tax engine needs it: codes, and the street address where known. */
export interface TaxAddress {
  /** ISO 3166 code. */
  country: string;
  /** A US state's USPS code; '' elsewhere. */
  region: string;
  postalCode: string;
  city: string;
  line1: string;
}

/** What an order is made of, as the engine is asked to rate it: amounts in cents, after the discount. */
export interface TaxedOrder {
  lines: { reference: string; amountCents: number; category: TaxCategory }[];
  /** The shipping charged, when the shop taxes shipping. */
  shipping: { amountCents: number; category: TaxCategory } | null;
}

export interface TaxRatesRequest {
  /** ISO 4217, lower case. */
  currency: string;
  /** Whether the amounts include the tax (`tax_behavior` inclusive) or not. */
  pricesIncludeTax: boolean;
  address: TaxAddress;
  /** The order's lines and shipping; read only by the engines that need the amounts. */
  order(): Promise<TaxedOrder>;
}

/** The rates an engine worked out, in pcm (1/100,000): each line's by its reference, and shipping's. */
export interface TaxRates {
  lineRatesPcm: Map<string, number | null>;
  /** Null when shipping is not taxed (the request had no shipping). */
  shippingRatePcm: number | null;
}

/**
 * A tax engine, as a plug-in: one folder under `providers/` holds it, one line in the registry lists it.
 * The shop's registrations decide WHERE tax is collected; the engine works out the rates there, and the
 * shop's one pricing function (contracts) computes the tax from them, so the totals stay provable.
 */
export interface TaxProvider<Settings = unknown> {
  /** Stored on each order as its tax's source: lower-case letters, digits, '-'. */
  id: string;
  /** Reads the engine's settings from the shop's tax configuration; null when it cannot run (no key). */
  settings(config: TaxEngineConfig): Settings | null;
  /** Loads what it needs (an SDK) when the shop starts, so that a checkout waits on the engine alone. */
  prepare?(settings: Settings): void;
  /** Whether it works out the rates of this jurisdiction; elsewhere the rate table does. */
  covers(jurisdiction: { country: string; region: string }): boolean;
  /**
   * The rates, or null when the rate table's own stand; throws when the engine fails (the shop then falls
   * back to the table or refuses, decision 34).
   */
  rates(settings: Settings, request: TaxRatesRequest): Promise<TaxRates | null>;
}

/** The tax engines' configuration (config.ts reads it from the environment). */
export interface TaxEngineConfig {
  /** The engine's id (TAX_PROVIDER). */
  provider: string;
  /** How long a checkout waits for the engine's answer. */
  timeoutMs: number;
  /** Stripe's secret key and API (a local fake in tests) for Stripe Tax; null without a key. */
  stripe: { secretKey: string; apiUrl: string | null } | null;
}

/** A provider with its settings' type forgotten: its rates only ever get what its own `settings` read. */
export function defineTaxProvider<Settings>(provider: TaxProvider<Settings>): TaxProvider {
  const { prepare } = provider;
  return {
    ...provider,
    prepare: prepare ? (settings) => prepare(settings as Settings) : undefined,
    rates: (settings, request) => provider.rates(settings as Settings, request),
  };
}
