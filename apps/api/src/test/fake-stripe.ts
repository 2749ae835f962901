import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  /** Set once the buyer paid. */
  payment_intent: string | null;
  client_reference_id: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  amount_total: number;
  customer_email: string;
  line_items: { name: string; quantity: number; unit_amount: number; currency: string }[];
}

/**
 * A local stand-in for the parts of Stripe's API the shop calls (Checkout Sessions: create, retrieve,
 * expire; refunds of their payment intents), honouring Idempotency-Key, so the real SDK code runs against it.
 */
export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  /** What the buyer does on Stripe's page. */
  pay(id: string): void;
  requests: { method: string; path: string }[];
  /** Refunds made, one per payment intent and idempotency key. */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** While true, refunds are refused as Stripe would refuse them (a card error). */
  failRefunds: boolean;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => resolve(body));
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  const requests: FakeStripe['requests'] = [];
  const refunds: FakeStripe['refunds'] = [];
  const refundKeys = new Map<string, FakeStripe['refunds'][number]>();
  const state = { failRefunds: false };

  const server: Server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push({ method: request.method ?? '', path });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string) =>
      send(status, { error: { type: 'invalid_request_error', message } });

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) return send(200, sessions.get(earlier));
      const lineItems: FakeSession['line_items'] = [];
      for (let index = 0; body.has(`line_items[${index}][quantity]`); index += 1) {
        lineItems.push({
          name: body.get(`line_items[${index}][price_data][product_data][name]`) ?? '',
          quantity: Number(body.get(`line_items[${index}][quantity]`)),
          unit_amount: Number(body.get(`line_items[${index}][price_data][unit_amount]`)),
          currency: body.get(`line_items[${index}][price_data][currency]`) ?? '',
        });
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: body.get('client_reference_id') ?? '',
        metadata: { orderId: body.get('metadata[orderId]') ?? '' },
        success_url: body.get('success_url') ?? '',
        cancel_url: body.get('cancel_url') ?? '',
        expires_at: Number(body.get('expires_at')),
        amount_total: lineItems.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0),
        customer_email: body.get('customer_email') ?? '',
        line_items: lineItems,
      };
      sessions.set(id, session);
      if (key) idempotent.set(key, id);
      return send(200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const earlier = key ? refundKeys.get(key) : undefined;
      if (earlier) return send(200, { object: 'refund', status: 'succeeded', ...earlier });
      if (state.failRefunds) return error(402, 'The refund could not be processed');
      const intent = body.get('payment_intent') ?? '';
      if (![...sessions.values()].some((candidate) => candidate.payment_intent === intent))
        return error(404, `No such payment_intent: '${intent}'`);
      const paid = [...sessions.values()].find((candidate) => candidate.payment_intent === intent);
      const amount = Number(body.get('amount') ?? paid?.amount_total);
      // Several partial refunds may follow each other, up to what was paid.
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      if (paid && refunded >= paid.amount_total)
        return error(400, `Charge for ${intent} has already been refunded.`);
      if (paid && refunded + amount > paid.amount_total)
        return error(400, `Refund amount is greater than unrefunded amount on charge for ${intent}`);
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, payment_intent: intent, amount };
      refunds.push(refund);
      if (key) refundKeys.set(key, refund);
      return send(200, { object: 'refund', status: 'succeeded', ...refund });
    }
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (!match) return error(404, `Unrecognized request URL (${request.method}: ${path})`);
    if (!session) return error(404, `No such checkout.session: '${match[1]}'`);
    if (request.method === 'GET' && !match[2]) return send(200, session);
    if (request.method === 'POST' && match[2]) {
      if (session.status !== 'open')
        return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      session.status = 'expired';
      return send(200, session);
    }
    return error(404, 'Unrecognized request');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value) {
      state.failRefunds = value;
    },
    pay(id) {
      const session = sessions.get(id);
      if (session?.status !== 'open') throw new Error(`Session ${id} cannot be paid`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${randomBytes(8).toString('hex')}`,
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
