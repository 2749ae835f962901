import {
  formatAmount,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentStatus,
} from '../../gateway';
import { type PayPalOrder, type PayPalOrderDetails, paypalClient } from './client';
import type { PayPalSettings } from './config';
import { readPayPalNotice, type VerifySignature } from './webhook';

/** The Orders v2 body of a payment: one purchase unit with the lines, approved by the buyer on PayPal. */
function orderBody(request: PaymentRequest) {
  const value = formatAmount(request.totalCents);
  const itemTotal = request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.count, 0);
  const deducted = request.discount.cents + request.creditCents;
  const currency = request.currency.toUpperCase();
  const money = (cents: number) => ({ currency_code: currency, value: formatAmount(cents) });
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: request.orderId,
        custom_id: request.orderId,
        amount: {
          currency_code: currency,
          value,
          // The pairs, the shipping and the tax on top less the discount and the store credit: they add up
          // to the value exactly.
          breakdown: {
            item_total: money(itemTotal),
            shipping: money(request.shipping.cents),
            ...(!request.tax.included && request.tax.cents > 0
              ? { tax_total: money(request.tax.cents) }
              : {}),
            ...(deducted > 0 ? { discount: money(deducted) } : {}),
          },
        },
        items: request.lines.map((line) => ({
          name: `${line.name} (size ${line.size})`.slice(0, 127),
          quantity: String(line.count),
          unit_amount: money(line.unitPriceCents),
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
  };
}

/** PayPal Orders v2 over REST: create with an approve link, capture on return, verified webhooks. */
export function paypalGateway(options: PayPalSettings): PaymentGateway {
  const { call, issues, orderStatus } = paypalClient(options);

  return {
    provider: 'paypal',
    testMode: false,

    async createPayment(request: PaymentRequest): Promise<PaymentPage> {
      const { status, body } = await call<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        orderBody(request),
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

    async refund(reference: string, amountCents: number, idempotencyKey: string) {
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
        idempotencyKey,
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
