import { orderIdSchema, STORE_CREDIT } from '@shop/contracts';
import { CHECKOUT_PROVIDERS, type CheckoutProvider } from '../../lib/payment-providers';

/**
 * What the payment page sends back in the query string of /order-completed and /order-canceled; a checkout
 * the store credit paid whole comes straight back, naming store credit as its tender.
 */
export interface OrderLink {
  provider: CheckoutProvider | typeof STORE_CREDIT;
  order: string;
  /** PayPal's order id. */
  token?: string;
  PayerID?: string;
}

const isProvider = (value: string | null): value is OrderLink['provider'] =>
  value === STORE_CREDIT || (CHECKOUT_PROVIDERS as readonly (string | null)[]).includes(value);

/** The provider and our order id, or null when the link is missing them or they are not valid. */
export function readOrderLink(params: URLSearchParams): OrderLink | null {
  const provider = params.get('provider');
  const order = params.get('order');
  if (!isProvider(provider) || !order || !orderIdSchema.safeParse(order).success) return null;
  const token = params.get('token') || undefined;
  const PayerID = params.get('PayerID') || undefined;
  return { provider, order, token, PayerID };
}
