import { PaymentProviderError } from '../../gateway';
import type { PayPalSettings } from './config';

export interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
}

export interface PayPalOrderDetails {
  purchase_units?: {
    amount?: { currency_code: string };
    payments?: { captures?: { id: string; status: string }[] };
  }[];
}

export interface PayPalError {
  name?: string;
  details?: { issue?: string }[];
}

/** PayPal's REST API with the shop's credentials: an access token kept until it nearly expires. */
export function paypalClient(options: PayPalSettings) {
  let token: { value: string; expires: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now() + 60_000) return token.value;
    const response = await fetch(`${options.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      throw new PaymentProviderError('paypal', `PayPal refused the credentials (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expires: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<{ status: number; body: T & PayPalError }> {
    try {
      const response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
          ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & PayPalError };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError('paypal', `PayPal could not be reached (${path})`, { cause: error });
    }
  }

  const issues = (error: PayPalError) => (error.details ?? []).map((detail) => detail.issue);

  async function orderStatus(reference: string): Promise<string> {
    const { status, body } = await call<PayPalOrder>(
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(reference)}`,
    );
    if (status === 404) return 'NOT_FOUND';
    if (status >= 400)
      throw new PaymentProviderError('paypal', `PayPal answered ${status} for order ${reference}`);
    return body.status;
  }

  return { call, issues, orderStatus };
}
