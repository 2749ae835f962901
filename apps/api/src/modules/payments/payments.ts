import { STORE_CREDIT } from '@shop/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PaymentGateway } from './gateway';
import type { PaymentProvider, ProviderWording } from './providers/provider';
import { registeredProviders } from './providers/registry';
import { testGateway } from './test.gateway';

/** The registered payment providers and the gateway each one pays through. */
export interface Gateways {
  readonly providers: readonly PaymentProvider[];
  provider(id: string): PaymentProvider | undefined;
  /** The provider's gateway; null when it has no keys and test mode is off (or it is not registered). */
  gateway(id: string): PaymentGateway | null;
}

/**
 * The real provider when its settings (keys) are configured, else the test-mode gateway (if test mode is
 * on). `extra` providers (a test's) are registered beside the shop's own.
 */
export function createGateways(
  config: { siteUrl: string; payments: { testMode: boolean; providers: Record<string, unknown> } },
  db: Db,
  extra: readonly PaymentProvider[] = [],
): Gateways {
  const providers = registeredProviders(extra);
  const { testMode, providers: settings } = config.payments;
  const gateways = new Map(
    providers.map((provider) => {
      const own = settings[provider.id];
      if (own) return [provider.id, provider.gateway(own)];
      return [provider.id, testMode ? testGateway(provider, db, config.siteUrl) : null];
    }),
  );
  return {
    providers,
    provider: (id) => providers.find((provider) => provider.id === id),
    gateway: (id) => gateways.get(id) ?? null,
  };
}

/** A provider the shop does not have: refused like any value outside a list of choices. */
export function checkProvider(gateways: Gateways, id: string): PaymentProvider {
  const provider = gateways.provider(id);
  if (provider) return provider;
  const reason = `Invalid option: expected one of ${gateways.providers.map((p) => `"${p.id}"`).join('|')}`;
  throw new AppError('VALIDATION_ERROR', `Invalid body: provider ${reason}`, { provider: reason });
}

/** Store credit as people read it, beside the providers' own wording. */
const STORE_CREDIT_WORDING: ProviderWording = {
  label: 'Store credit',
  payment: 'The store credit payment',
  payingWith: 'store credit',
  refundTo: 'store credit',
};

/** How the shop words a tender (a provider, or store credit); its id when it is no longer registered. */
function wording(gateways: Gateways, id: string): ProviderWording {
  if (id === STORE_CREDIT) return STORE_CREDIT_WORDING;
  const provider = gateways.provider(id);
  return provider?.wording ?? { label: id, payment: id, payingWith: id, refundTo: id };
}

/** Every tender by the name people read: the registered providers (and whether each takes payments now), then store credit. */
export function tenders(gateways: Gateways): { id: string; label: string; available: boolean }[] {
  return [
    ...gateways.providers.map((provider) => ({
      id: provider.id,
      label: provider.wording.label,
      available: gateways.gateway(provider.id) !== null,
    })),
    { id: STORE_CREDIT, label: STORE_CREDIT_WORDING.label, available: true },
  ];
}

/** The provider could not make a payment page: the buyer may try again. */
export function paymentNotStarted(gateways: Gateways, provider: string): AppError {
  return new AppError(
    'PAYMENT_FAILED',
    `${wording(gateways, provider).payment} could not be started, please try again`,
  );
}

export function gatewayFor(gateways: Gateways, provider: string): PaymentGateway {
  const gateway = gateways.gateway(provider);
  if (!gateway) {
    throw new AppError(
      'PAYMENT_UNAVAILABLE',
      `Paying with ${wording(gateways, provider).payingWith} is not available right now`,
    );
  }
  return gateway;
}

/** What the buyer paid with and gets a refund back to, as a sentence names it ('card', 'store credit'). */
export function refundedTo(gateways: Gateways, tender: string): string {
  return wording(gateways, tender).refundTo;
}

/** The tender's name as a person reads it (its provider's label, or 'Store credit'): on invoices and screens. */
export function tenderLabel(gateways: Gateways, tender: string): string {
  return wording(gateways, tender).label;
}
