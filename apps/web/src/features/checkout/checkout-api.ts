import {
  type CartItem,
  countryCode,
  type ErrorEnvelope,
  type Order,
  POSTAL_CODE_PATTERN,
  type ProfileUpdate,
  type TaxQuote,
  type TestPayment,
  type UserDashboard,
  usStateCode,
} from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { dashboardQuery } from '../../lib/dashboard';
import type { CheckoutProvider } from '../../lib/payment-providers';
import { shippingMethodsQuery } from '../../lib/shipping';

/** The server calls of the checkout flow (cart check lives in features/cart/cart-check.ts). */

/** The signed-in user's dashboard, from the cache the account area and the favourite hearts share. */
export function useDashboard(uid: string | undefined) {
  return useQuery({ ...dashboardQuery(uid ?? ''), enabled: Boolean(uid), retry: false });
}

/** `PUT /api/users/update/:uid` answers `[dashboard]`. */
export async function updateProfile(uid: string, changes: ProfileUpdate): Promise<UserDashboard> {
  const [dashboard] = await api.put<UserDashboard[]>(`/users/update/${encodeURIComponent(uid)}`, changes);
  if (!dashboard) throw new ApiError(500, 'HTTP_ERROR', 'The profile was not saved');
  return dashboard;
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** `POST /api/uploads/avatar` (multipart, one `file`): answers the stored picture's `url`. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads/avatar', { method: 'POST', credentials: 'same-origin', body: form });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const envelope = data as Partial<ErrorEnvelope> | undefined;
    throw new ApiError(
      response.status,
      envelope?.error?.code ?? 'HTTP_ERROR',
      envelope?.error?.message ??
        (response.status === 413 ? 'The picture is too large' : `The upload failed (${response.status})`),
      envelope?.error?.fields,
    );
  }
  const url = (data as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') throw new ApiError(500, 'HTTP_ERROR', 'The upload gave no picture address');
  return url;
}

/** The methods serving the country typed in the details form; the last list stays while the next loads. */
export function useShippingMethods(country: string) {
  return useQuery({ ...shippingMethodsQuery(country), placeholderData: keepPreviousData });
}

/**
 * `POST /api/tax/quote` for the cart shipped to a country (and a US state, and the postal code a tax
 * engine such as Stripe Tax rates a US address by): the rates the shop collects there, which the checkout
 * prices with (decision 34). Not asked before a country is given; the last answer stays while the next
 * loads. A postal code of no possible shape (half typed) is not sent.
 */
export function useTaxQuote(
  place: { country: string; state: string; postalCode: string },
  lines: CartItem[],
) {
  const { country, state } = place;
  const products = lines.map((line) => ({ id: line.id, size: line.size, count: line.count }));
  const region = countryCode(country) === 'US' ? usStateCode(state) : undefined;
  const postalCode = POSTAL_CODE_PATTERN.test(place.postalCode) ? place.postalCode : undefined;
  return useQuery({
    queryKey: [
      'tax-quote',
      country,
      region ?? '',
      postalCode ?? '',
      products.map((line) => `${line.id}:${line.size}`).join(),
    ],
    queryFn: () => api.post<TaxQuote>('/tax/quote', { country, region, postalCode, products }),
    enabled: country !== '' && products.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface PaymentBody {
  products: CartItem[];
  /** The method chosen among those serving the buyer's country. */
  shippingMethodId: string;
  finalAmount: number;
  user: { uid: string; email: string; username: string };
  /** A first-come drop's admission from its waiting room, when the cart holds that drop's product. */
  admission?: string;
  /** The discount code applied in the cart. */
  code?: string;
  /** Pay what the store credit covers; the provider is asked for the rest. */
  useCredit?: boolean;
}

export const PAYMENT_ENDPOINTS: Record<CheckoutProvider, string> = {
  stripe: '/checkouts',
  paypal: '/paypal/create-payment',
};

/** Creates the pending order with the provider; answers it and where to send the browser. */
export async function startPayment(
  provider: CheckoutProvider,
  body: PaymentBody,
): Promise<{ orderId: string; url: string }> {
  if (provider === 'stripe') {
    return api.post<{ url: string; orderId: string }>(PAYMENT_ENDPOINTS.stripe, body);
  }
  const answer = await api.post<{
    links?: { href: string; rel: string; method: string }[];
    orderId: string;
    url?: string;
  }>(PAYMENT_ENDPOINTS.paypal, body);
  // Store credit paid it all: the shop answers the order's page, not PayPal's.
  if (answer.url) return { orderId: answer.orderId, url: answer.url };
  const approve = answer.links?.find((link) => link.rel === 'approve');
  if (!approve)
    throw new ApiError(502, 'PAYMENT_FAILED', 'PayPal did not give a page to approve the payment');
  return { orderId: answer.orderId, url: approve.href };
}

/** `PUT /api/orders/:id`: approve (after the server verified the payment) or cancel a pending order. */
export function setOrderState(orderId: string, state: 'aprobed' | 'cancelled'): Promise<Order> {
  return api.put<Order>(`/orders/${encodeURIComponent(orderId)}`, { voucher: { state } });
}

/** `GET /api/paypal/execute-payment`: the server captures the PayPal payment. */
export function executePaypalPayment(query: {
  token: string;
  PayerID?: string;
  order: string;
}): Promise<Order> {
  return api.get<Order>('/paypal/execute-payment', query);
}

export function fetchOrder(orderId: string): Promise<Order> {
  return api.get<Order>(`/orders/${encodeURIComponent(orderId)}`);
}

export function fetchTestPayment(reference: string): Promise<TestPayment> {
  return api.get<TestPayment>(`/test-gateway/payments/${encodeURIComponent(reference)}`);
}

export async function decideTestPayment(reference: string, decision: 'pay' | 'cancel'): Promise<string> {
  const { redirectUrl } = await api.post<{ redirectUrl: string }>(
    `/test-gateway/payments/${encodeURIComponent(reference)}/${decision}`,
  );
  return redirectUrl;
}
