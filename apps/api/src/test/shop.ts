import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { order, paymentEntry, productStock } from '../db/schema';
import { mailedLink, ORIGIN, signUp, visit } from './accounts';

/** A signed-in buyer with a verified e-mail. */
export async function verifiedBuyer(app: FastifyInstance) {
  const account = await signUp(app);
  await visit(app, await mailedLink(app, account.email, '/api/auth/verify-email'), account.cookie);
  return account;
}

export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

export async function stockOf(app: FastifyInstance, productId: string, size: number) {
  const [row] = await app.db
    .select({ units: productStock.units, reserved: productStock.reserved })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row;
}

export async function orderRow(app: FastifyInstance, orderId: string) {
  const [row] = await app.db.select().from(order).where(eq(order.id, orderId));
  return row;
}

/** What the payments ledger says was refunded of an order (through its provider and as store credit). */
export async function refundedCents(app: FastifyInstance, orderId: string): Promise<number> {
  const entries = await app.db.select().from(paymentEntry).where(eq(paymentEntry.orderId, orderId));
  return entries
    .filter((entry) => entry.kind === 'refund' || entry.kind === 'credit_back')
    .reduce((sum, entry) => sum + entry.amountCents, 0);
}

export interface Pick {
  id: string;
  name: string;
  size: string;
  price: number;
  units: number;
}

/** A product and a size with at least `units` in stock, from the catalogue API (list, then each product's page). */
export async function productInStock(app: FastifyInstance, units = 2, skip = 0): Promise<Pick> {
  const response = await app.inject({ method: 'GET', url: '/api/products?limit=100' });
  const found: Pick[] = [];
  for (const { _id } of response.json<{ products: { _id: string }[] }>().products) {
    const details = await app.inject({ method: 'GET', url: `/api/products/details/${_id}` });
    const [product] =
      details.json<{ _id: string; name: string; price: number; stock: Record<string, number> }[]>();
    if (!product) continue;
    for (const [size, left] of Object.entries(product.stock)) {
      if (left >= units)
        found.push({ id: product._id, name: product.name, size, price: product.price, units: left });
    }
    if (found.length > skip * 7) break;
  }
  const pick = found[skip * 7];
  expect(pick, 'a product in stock').toBeDefined();
  return pick as Pick;
}

/** A cart line in the spec's shape, as the browser stores it. */
export function cartLine(pick: Pick, count: number, overrides: Record<string, unknown> = {}) {
  return {
    id: pick.id,
    name: pick.name,
    description: '',
    img: '',
    size: pick.size,
    idAux: `${pick.id}${pick.size}`,
    price: pick.price,
    count,
    totalPrice: pick.price * count,
    ...overrides,
  };
}

/** Buys `pick` through the test-mode card gateway; answers the order id once the order is approved. */
export async function buy(app: FastifyInstance, cookie: string, pick: Pick, count = 1): Promise<string> {
  const started = await send(app, 'POST', '/api/checkouts', cookie, {
    products: [cartLine(pick, count)],
    finalAmount: pick.price * count,
    user: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const paid = await send(app, 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  const order = await send(app, 'GET', `/api/orders/${orderId}`, cookie);
  expect(order.json().state).toBe('aprobed');
  return orderId;
}
