import { orderIdSchema, PAYMENT_PROVIDERS, type PaymentProvider } from '@shop/contracts';

/** What the payment page sends back in the query string of /order-completed and /order-canceled. */
export interface OrderLink {
  provider: PaymentProvider;
  order: string;
  /** PayPal's order id. */
  token?: string;
  PayerID?: string;
}

const isProvider = (value: string | null): value is PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly (string | null)[]).includes(value);

/** The provider and our order id, or null when the link is missing them or they are not valid. */
export function readOrderLink(params: URLSearchParams): OrderLink | null {
  const provider = params.get('provider');
  const order = params.get('order');
  if (!isProvider(provider) || !order || !orderIdSchema.safeParse(order).success) return null;
  const token = params.get('token') || undefined;
  const PayerID = params.get('PayerID') || undefined;
  return { provider, order, token, PayerID };
}
