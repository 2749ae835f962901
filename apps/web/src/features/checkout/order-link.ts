import { orderIdSchema } from '@shop/contracts';
import { CHECKOUT_PROVIDERS, type CheckoutProvider } from '../../lib/payment-providers';

/** What the payment page sends back in the query string of /order-completed and /order-canceled. */
export interface OrderLink {
  provider: CheckoutProvider;
  order: string;
  /** PayPal's order id. */
  token?: string;
  PayerID?: string;
}

const isProvider = (value: string | null): value is CheckoutProvider =>
  (CHECKOUT_PROVIDERS as readonly (string | null)[]).includes(value);

/** The provider and our order id, or null when the link is missing them or they are not valid. */
export function readOrderLink(params: URLSearchParams): OrderLink | null {
  const provider = params.get('provider');
  const order = params.get('order');
  if (!isProvider(provider) || !order || !orderIdSchema.safeParse(order).success) return null;
  const token = params.get('token') || undefined;
  const PayerID = params.get('PayerID') || undefined;
  return { provider, order, token, PayerID };
}
