import type { z } from 'zod';
import type { PaymentGateway } from '../gateway';

/** How the shop names a provider to people. */
export interface ProviderWording {
  /** Its name in lists and on the web: 'Card (Stripe)'. */
  label: string;
  /** "<payment> could not be started, please try again": 'The card payment'. */
  payment: string;
  /** "Paying with <payingWith> is not available right now": 'a card'. */
  payingWith: string;
  /** "The money goes back to the <refundTo> you paid with": 'card'. */
  refundTo: string;
}

/**
 * A way to pay, as a plug-in: one folder under `providers/` holds its gateway, its webhook verification and
 * its configuration schema, and one line in the registry lists it.
 */
export interface PaymentProvider<Settings = unknown> {
  /** Stored on each order and used in URLs (`/api/webhooks/:provider`): lower-case letters, digits, '-'. */
  id: string;
  wording: ProviderWording;
  /** Reads the provider's settings from the environment (config.ts); null when its keys are absent. */
  config: z.ZodType<Settings | null>;
  /** The real gateway, given the settings its schema read. */
  gateway(settings: Settings): PaymentGateway;
  /**
   * What the provider adds to the shop's return URL when it sends the buyer back, so the built-in
   * test-mode gateway, standing in for it, sends the buyer back the same way.
   */
  returnQuery(reference: string, outcome: 'paid' | 'cancelled'): string;
}

/** A provider with its settings' type forgotten: its gateway only ever gets what its own schema read. */
export function defineProvider<Settings>(provider: PaymentProvider<Settings>): PaymentProvider {
  return { ...provider, gateway: (settings) => provider.gateway(settings as Settings) };
}
