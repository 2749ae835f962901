import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayPalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  request: {
    purchase_units: {
      custom_id: string;
      amount: { value: string; currency_code: string };
      items: unknown[];
    }[];
    payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string } } };
  };
  captures: number;
  /** The capture's id, once captured. */
  captureId?: string;
}

/**
 * A local stand-in for the PayPal REST calls the shop makes: OAuth token, Orders v2 (create, get, capture)
 * and capture refunds, with PayPal-Request-Id idempotency, and webhook signature verification ('valid' signatures pass).
 */
export interface FakePayPal {
  url: string;
  orders: Map<string, FakePayPalOrder>;
  /** What the buyer does on PayPal's page. */
  approve(id: string): void;
  /** Refunds made, by capture. */
  refunds: { captureId: string; amount: string }[];
  /** While true, refunds are refused. */
  failRefunds: boolean;
  stop(): Promise<void>;
}

export const VALID_PAYPAL_SIGNATURE = 'valid';

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      try {
        resolve(body ? JSON.parse(body) : {});
      } catch {
        resolve({});
      }
    });
  });
}

/**
 * The amount a capture refund asks for (all of the capture without one), or PayPal's refusal: several
 * partial refunds may follow each other, up to what was captured.
 */
function refundOf(
  orders: Map<string, FakePayPalOrder>,
  refunds: FakePayPal['refunds'],
  captureId: string,
  body: Record<string, unknown>,
): { amount: string } | { issue: string } {
  const captured = [...orders.values()].find((candidate) => candidate.captureId === captureId);
  const total = Number(captured?.request.purchase_units?.[0]?.amount.value ?? 0);
  const refunded = refunds
    .filter((made) => made.captureId === captureId)
    .reduce((sum, made) => sum + Number(made.amount), 0);
  const amount = String((body.amount as { value?: string } | undefined)?.value ?? total.toFixed(2));
  if (refunded >= total) return { issue: 'CAPTURE_FULLY_REFUNDED' };
  if (refunded + Number(amount) > total + 1e-9) return { issue: 'REFUND_AMOUNT_EXCEEDED' };
  return { amount };
}

export async function startFakePayPal(): Promise<FakePayPal> {
  const orders = new Map<string, FakePayPalOrder>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const refunds: FakePayPal['refunds'] = [];
  const state = { failRefunds: false };

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      request.resume();
      const expected = `Basic ${Buffer.from('paypal-client:paypal-secret').toString('base64')}`;
      if (request.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      return send(200, {
        access_token: `A21.${randomBytes(8).toString('hex')}`,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    }
    if (!String(request.headers.authorization ?? '').startsWith('Bearer A21.'))
      return send(401, { name: 'AUTHENTICATION_FAILURE' });
    const body = await readJson(request);
    const requestId = String(request.headers['paypal-request-id'] ?? '');
    const remembered = requestId ? idempotent.get(requestId) : undefined;
    if (remembered) return send(remembered.status, remembered.body);
    const answer = (status: number, payload: unknown) => {
      if (requestId) idempotent.set(requestId, { status, body: payload });
      send(status, payload);
    };
    const view = (order: FakePayPalOrder) => ({
      id: order.id,
      status: order.status,
      links: [
        {
          href: `https://www.sandbox.paypal.test/checkoutnow?token=${order.id}`,
          rel: 'payer-action',
          method: 'GET',
        },
        { href: `/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ],
      purchase_units: [
        {
          amount: order.request.purchase_units?.[0]?.amount,
          ...(order.captureId
            ? { payments: { captures: [{ id: order.captureId, status: 'COMPLETED' }] } }
            : {}),
        },
      ],
    });
    const refund = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
    if (request.method === 'POST' && refund) {
      const captureId = refund[1] ?? '';
      if (![...orders.values()].some((candidate) => candidate.captureId === captureId))
        return answer(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (state.failRefunds)
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'REFUND_FAILED_INSUFFICIENT_FUNDS' }],
        });
      const asked = refundOf(orders, refunds, captureId, body);
      if ('issue' in asked)
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: asked.issue }] });
      refunds.push({ captureId, amount: asked.amount });
      return answer(201, { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED' });
    }

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const id = randomBytes(8).toString('hex').toUpperCase();
      const order: FakePayPalOrder = {
        id,
        status: 'CREATED',
        request: body as unknown as FakePayPalOrder['request'],
        captures: 0,
      };
      orders.set(id, order);
      return answer(201, view(order));
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ok = body.transmission_sig === VALID_PAYPAL_SIGNATURE && body.webhook_id === 'paypal-webhook';
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    const match = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    const order = match ? orders.get(match[1] ?? '') : undefined;
    if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    if (request.method === 'GET' && !match?.[2]) return send(200, view(order));
    if (request.method === 'POST' && match?.[2]) {
      if (order.status === 'COMPLETED')
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      if (order.status !== 'APPROVED')
        return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.status = 'COMPLETED';
      order.captures += 1;
      order.captureId = randomBytes(8).toString('hex').toUpperCase();
      return answer(201, view(order));
    }
    return send(404, { name: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    refunds,
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value) {
      state.failRefunds = value;
    },
    approve(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`No PayPal order ${id}`);
      order.status = 'APPROVED';
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
