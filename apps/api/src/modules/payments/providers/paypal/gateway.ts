import {
  formatAmount,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentStatus,
} from '../../gateway';
import type { PayPalSettings } from './config';
import { readPayPalNotice, type VerifySignature } from './webhook';

interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
}

interface PayPalOrderDetails {
  purchase_units?: {
    amount?: { currency_code: string };
    payments?: { captures?: { id: string; status: string }[] };
  }[];
}

interface PayPalError {
  name?: string;
  details?: { issue?: string }[];
}

/** PayPal Orders v2 over REST: create with an approve link, capture on return, verified webhooks. */
export function paypalGateway(options: PayPalSettings): PaymentGateway {
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

  return {
    provider: 'paypal',
    testMode: false,

    async createPayment(request: PaymentRequest): Promise<PaymentPage> {
      const value = formatAmount(request.totalCents);
      const currency = request.currency.toUpperCase();
      const { status, body } = await call<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.orderId,
              custom_id: request.orderId,
              amount: {
                currency_code: currency,
                value,
                breakdown: { item_total: { currency_code: currency, value } },
              },
              items: request.lines.map((line) => ({
                name: `${line.name} (size ${line.size})`.slice(0, 127),
                quantity: String(line.count),
                unit_amount: { currency_code: currency, value: formatAmount(line.unitPriceCents) },
                category: 'PHYSICAL_GOODS',
              })),
            },
          ],
          payment_source: {
            paypal: {
              email_address: request.customerEmail,
              experience_context: {
                return_url: request.successUrl,
                cancel_url: request.cancelUrl,
                user_action: 'PAY_NOW',
                brand_name: 'Sneaker Shop',
              },
            },
          },
        },
        request.idempotencyKey,
      );
      const approve = body.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (status >= 400 || !approve) {
        throw new PaymentProviderError(
          'paypal',
          `PayPal could not create the order (${status} ${body.name ?? ''})`,
        );
      }
      return { reference: body.id, redirectUrl: approve.href };
    },

    async confirm(reference: string, orderId: string): Promise<PaymentStatus> {
      // Capture only an approved order; the request id makes a retried capture (a lost answer, a second
      // tab, the webhook racing the return) answer the first result instead of capturing twice.
      const current = await orderStatus(reference);
      if (current === 'COMPLETED') return 'paid';
      if (current === 'NOT_FOUND' || current === 'VOIDED') return 'failed';
      if (current !== 'APPROVED') return 'unpaid';
      const { status, body } = await call<PayPalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(reference)}/capture`,
        {},
        `capture-${orderId}`,
      );
      if (status < 300) return body.status === 'COMPLETED' ? 'paid' : 'unpaid';
      const problems = issues(body);
      if (problems.includes('ORDER_ALREADY_CAPTURED'))
        return (await orderStatus(reference)) === 'COMPLETED' ? 'paid' : 'unpaid';
      if (problems.includes('INSTRUMENT_DECLINED') || problems.includes('ORDER_EXPIRED')) return 'failed';
      throw new PaymentProviderError(
        'paypal',
        `PayPal could not capture ${reference} (${status} ${problems.join(', ')})`,
      );
    },

    async cancel(reference: string) {
      // An uncaptured PayPal order cannot be charged without the shop capturing it: nothing to close.
      return (await orderStatus(reference)) === 'COMPLETED' ? 'paid' : 'cancelled';
    },

    async refund(reference: string, amountCents: number) {
      // The money is held by the order's capture: its id is in the order's details.
      const order = await call<PayPalOrderDetails>(
        'GET',
        `/v2/checkout/orders/${encodeURIComponent(reference)}`,
      );
      const capture = order.body.purchase_units?.[0]?.payments?.captures?.[0];
      if (order.status >= 300 || !capture) {
        throw new PaymentProviderError(
          'paypal',
          `PayPal has no capture to refund for ${reference} (${order.status})`,
        );
      }
      const { status, body } = await call<{ status?: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        {
          amount: {
            value: formatAmount(amountCents),
            currency_code: order.body.purchase_units?.[0]?.amount?.currency_code ?? 'USD',
          },
        },
        `refund-${reference}`,
      );
      if (status < 300 || issues(body).includes('CAPTURE_FULLY_REFUNDED')) return;
      throw new PaymentProviderError(
        'paypal',
        `PayPal could not refund ${capture.id} (${status} ${issues(body).join(', ')})`,
      );
    },

    async readNotice(rawBody, headers): Promise<PaymentNotice> {
      const verify: VerifySignature = async (request) =>
        call('POST', '/v1/notifications/verify-webhook-signature', request);
      return readPayPalNotice(verify, options.webhookId, rawBody, headers);
    },
  };
}
