import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A calculation the shop asked for, as Stripe read its form body. */
export interface AskedCalculation {
  currency: string;
  lineItems: { amount: number; reference: string; taxBehavior: string; taxCode: string }[];
  shippingCost: { amount: number; taxBehavior: string; taxCode: string } | null;
  address: Record<string, string>;
  addressSource: string;
  expand: string[];
  authorization: string;
}

/**
 * A local stand-in for Stripe Tax's Calculations API (`POST /v1/tax/calculations`), so the real SDK code
 * runs against it. Each line is answered with the jurisdictions' percentages in `rates` (state, county,
 * ...), shipping with `shippingRates`; `mode` makes it fail (500), hang past any timeout, or answer a
 * calculation with no lines (a bad answer).
 */
export interface FakeStripeTax {
  url: string;
  asked: AskedCalculation[];
  rates: string[];
  shippingRates: string[];
  mode: 'answer' | 'fail' | 'hang' | 'no-lines';
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

function askedOf(body: URLSearchParams, authorization: string): AskedCalculation {
  const lineItems: AskedCalculation['lineItems'] = [];
  for (let index = 0; body.has(`line_items[${index}][amount]`); index += 1) {
    const field = (name: string) => body.get(`line_items[${index}][${name}]`) ?? '';
    lineItems.push({
      amount: Number(field('amount')),
      reference: field('reference'),
      taxBehavior: field('tax_behavior'),
      taxCode: field('tax_code'),
    });
  }
  const address: Record<string, string> = {};
  for (const [key, value] of body) {
    const part = key.match(/^customer_details\[address\]\[(\w+)\]$/);
    if (part?.[1]) address[part[1]] = value;
  }
  return {
    currency: body.get('currency') ?? '',
    lineItems,
    shippingCost: body.has('shipping_cost[amount]')
      ? {
          amount: Number(body.get('shipping_cost[amount]')),
          taxBehavior: body.get('shipping_cost[tax_behavior]') ?? '',
          taxCode: body.get('shipping_cost[tax_code]') ?? '',
        }
      : null,
    address,
    addressSource: body.get('customer_details[address_source]') ?? '',
    expand: body.getAll('expand[0]').concat(body.getAll('expand[]')),
    authorization,
  };
}

const breakdown = (percentages: string[], amount: number) =>
  percentages.map((percentage, index) => ({
    amount: Math.round((amount * Number(percentage)) / 100),
    jurisdiction: { country: 'US', display_name: `Jurisdiction ${index}`, level: 'state', state: 'CA' },
    sourcing: 'destination',
    taxability_reason: 'standard_rated',
    taxable_amount: amount,
    tax_rate_details: { display_name: 'Sales Tax', percentage_decimal: percentage, tax_type: 'sales_tax' },
  }));

export async function startFakeStripeTax(): Promise<FakeStripeTax> {
  const fake = {
    asked: [] as AskedCalculation[],
    rates: ['6', '1.25'],
    shippingRates: ['6'],
    mode: 'answer' as FakeStripeTax['mode'],
  };
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const body = new URLSearchParams(await readBody(request));
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(payload));
    };
    if (request.method !== 'POST' || path !== '/v1/tax/calculations') {
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized ${path}` } });
    }
    const asked = askedOf(body, String(request.headers.authorization ?? ''));
    fake.asked.push(asked);
    if (fake.mode === 'hang') return; // never answers: the shop's timeout must end the wait
    if (fake.mode === 'fail') return send(500, { error: { type: 'api_error', message: 'Tax is down' } });
    const lines = asked.lineItems.map((line, index) => ({
      id: `tax_li_${index}`,
      object: 'tax.calculation_line_item',
      amount: line.amount,
      amount_tax: 0,
      reference: line.reference,
      tax_behavior: line.taxBehavior,
      tax_code: line.taxCode,
      quantity: 1,
      tax_breakdown: breakdown(fake.rates, line.amount),
    }));
    return send(200, {
      id: `taxcalc_${randomBytes(8).toString('hex')}`,
      object: 'tax.calculation',
      currency: asked.currency,
      line_items: {
        object: 'list',
        data: fake.mode === 'no-lines' ? [] : lines,
        has_more: false,
        url: '/v1/tax/calculations/x/line_items',
      },
      shipping_cost: asked.shippingCost
        ? {
            amount: asked.shippingCost.amount,
            amount_tax: 0,
            tax_behavior: asked.shippingCost.taxBehavior,
            tax_code: asked.shippingCost.taxCode,
            tax_breakdown: breakdown(fake.shippingRates, asked.shippingCost.amount),
          }
        : null,
      tax_breakdown: [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
