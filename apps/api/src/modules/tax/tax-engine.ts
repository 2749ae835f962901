import type { TaxCategory } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TaxEngineConfig, TaxedOrder, TaxProvider, TaxRates } from './providers/provider';
import { configuredTaxProvider } from './providers/registry';
import { type Destination, placeOf, type TaxPlan, taxPlanFor } from './tax-plan';

/** The shop's tax engine as configured (TAX_PROVIDER), with how long a checkout waits for it. */
export interface TaxEngine {
  provider: TaxProvider;
  settings: unknown;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** The configured engine; a configuration it cannot run with stops the shop's start. */
export function taxEngine(config: TaxEngineConfig, log: FastifyBaseLogger): TaxEngine {
  const { provider, settings } = configuredTaxProvider(config);
  provider.prepare?.(settings);
  return { provider, settings, timeoutMs: config.timeoutMs, log };
}

/** The engine's answer, or an error once `ms` have passed without one. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The plan with the engine's rates: each line's by its reference (by category when not rated), shipping's. */
function ratedPlan(plan: TaxPlan, source: string, rates: TaxRates): TaxPlan {
  const rateOf = (category: TaxCategory, reference?: string): number | null => {
    // Zero-rated and exempt are the shop's decisions, whatever the engine says.
    if (category === 'exempt' || category === 'zero') return plan.rateOf(category);
    const rated = reference === undefined ? undefined : rates.lineRatesPcm.get(reference);
    return rated === undefined ? plan.rateOf(category) : rated;
  };
  const shippingRatePcm = plan.shippingRatePcm === null ? null : rates.shippingRatePcm;
  return { ...plan, source, rateOf, shippingRatePcm };
}

/**
 * How an order to `destination` is taxed, the engine's rates included: never call it inside a database
 * transaction (the engine may take `timeoutMs`). Where the shop collects nothing, or the engine does not
 * cover the place, this is the rate table's plan. When the engine fails (an error, no answer in time, an
 * answer that is not rates), the settings decide: the table's rates with the source 'fallback' for staff
 * to review, or a refusal (TAX_UNAVAILABLE, 503).
 */
export async function engineTaxPlan(
  engine: TaxEngine,
  db: Db,
  destination: Destination,
  order: () => Promise<TaxedOrder>,
): Promise<TaxPlan> {
  const plan = await taxPlanFor(db, destination);
  const { provider } = engine;
  if (!plan.collected || !plan.jurisdiction || !provider.covers(plan.jurisdiction)) return plan;
  const place = placeOf(destination) ?? plan.jurisdiction;
  try {
    const request = {
      currency: plan.currency,
      pricesIncludeTax: plan.pricesIncludeTax,
      address: {
        ...place,
        postalCode: destination.postalCode?.trim() ?? '',
        city: destination.city?.trim() ?? '',
        line1: destination.address?.trim() ?? '',
      },
      // Shipping is rated only where the shop taxes it.
      order: async () => {
        const taxed = await order();
        return plan.shippingRatePcm === null ? { ...taxed, shipping: null } : taxed;
      },
    };
    const rates = await within(engine.timeoutMs, provider.rates(engine.settings, request));
    return rates ? ratedPlan(plan, provider.id, rates) : plan;
  } catch (error) {
    if (error instanceof AppError) throw error;
    engine.log.warn(
      { err: error, provider: provider.id, jurisdiction: plan.jurisdiction, onFailure: plan.onEngineFailure },
      'tax engine failed',
    );
    if (plan.onEngineFailure === 'refuse') {
      throw new AppError('TAX_UNAVAILABLE', 'Tax cannot be worked out right now: try again in a minute');
    }
    return { ...plan, source: 'fallback' };
  }
}

/**
 * The rate table's plan where the engine's was worked out for another address (a draw's winner ships to
 * the address the entry was made from): marked 'fallback' for staff to review where the engine would
 * have rated it.
 */
export async function tablePlanInstead(
  engine: TaxEngine,
  db: DbOrTx,
  destination: Destination,
): Promise<TaxPlan> {
  const plan = await taxPlanFor(db, destination);
  const { provider } = engine;
  if (!plan.jurisdiction || !provider.covers(plan.jurisdiction)) return plan;
  engine.log.warn({ provider: provider.id }, 'tax engine not asked for this address: the table priced it');
  return { ...plan, source: 'fallback' };
}
