import { PAYMENT_PROVIDER_PATTERN } from '@shop/contracts';
import { paypal } from './paypal';
import type { PaymentProvider } from './provider';
import { stripe } from './stripe';

/** Every way the shop takes payments: one line a provider, each a folder beside this file. */
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [stripe, paypal];

/** The shop's providers and `extra` ones (a test's), each id valid and used once. */
export function registeredProviders(extra: readonly PaymentProvider[] = []): readonly PaymentProvider[] {
  const providers = [...PAYMENT_PROVIDERS, ...extra];
  for (const [index, provider] of providers.entries()) {
    if (!PAYMENT_PROVIDER_PATTERN.test(provider.id))
      throw new Error(`Payment provider id ${JSON.stringify(provider.id)} is not a valid id`);
    if (providers.findIndex((other) => other.id === provider.id) !== index)
      throw new Error(`Payment provider ${provider.id} is registered twice`);
  }
  return providers;
}

/**
 * Each provider's settings as its own schema reads them from the environment (null: no keys), by id, and
 * what is wrong with the environment as `VARIABLE: reason` lines.
 */
export function readProviderSettings(env: NodeJS.ProcessEnv): {
  settings: Record<string, unknown>;
  problems: string[];
} {
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const provider of PAYMENT_PROVIDERS) {
    const parsed = provider.config.safeParse(env);
    if (parsed.success) settings[provider.id] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return { settings, problems };
}
