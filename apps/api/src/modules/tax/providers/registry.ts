import type { TaxEngineConfig, TaxProvider } from './provider';
import { stripe } from './stripe';
import { table } from './table';

/** Every tax engine the shop can use: one line an engine, each a folder beside this file. */
const TAX_PROVIDERS: readonly TaxProvider[] = [table, stripe];

/** The configured engine with its settings; a configuration it cannot run with stops the shop's start. */
export function configuredTaxProvider(config: TaxEngineConfig): { provider: TaxProvider; settings: unknown } {
  const provider = TAX_PROVIDERS.find((candidate) => candidate.id === config.provider);
  if (!provider) {
    const known = TAX_PROVIDERS.map((candidate) => candidate.id).join(', ');
    throw new Error(`Invalid configuration:\n  TAX_PROVIDER: must be one of ${known}`);
  }
  const settings = provider.settings(config);
  if (settings === null) {
    throw new Error(
      `Invalid configuration:\n  TAX_PROVIDER: ${provider.id} needs its keys (for stripe, STRIPE_SECRET_KEY)`,
    );
  }
  return { provider, settings };
}
