import { randomBytes } from 'node:crypto';
import type { Product, Promotion, PromotionCreate } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { insertProducts } from '../modules/catalog/catalog.repository';
import { newProduct } from './buyers';
import { send } from './shop';

/** A new sneaker sold in size 9 (`units` of it) at `price`, of a brand and categories; answers its id. */
export async function sneakerAt(
  app: FastifyInstance,
  price: number,
  fields: Partial<Product> = {},
  units = 20,
): Promise<string> {
  const name = `${fields.name ?? 'Promo Runner'} ${randomBytes(3).toString('hex')}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  const created = await insertProducts(app.db, [
    newProduct({ ...fields, name, price, stock: { '9': units } }, { slug }),
  ]);
  return created.get(slug) ?? '';
}

/** A unique code with `prefix`. */
export const codeFor = (prefix = 'SAVE') => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;

/** Creates a promotion as staff; answers it. */
export async function createPromotion(
  app: FastifyInstance,
  cookie: string,
  body: Partial<PromotionCreate> & Pick<PromotionCreate, 'kind'>,
): Promise<Promotion> {
  const response = await send(app, 'POST', '/api/promotions', cookie, { code: codeFor(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Promotion>();
}

/** A cart of size-9 lines: product id and count. */
export const cartOf = (...lines: [string, number][]) =>
  lines.map(([id, count]) => ({ id, size: '9', count }));

/** Starts a test-mode card checkout; answers the raw response. */
export function checkoutWith(
  app: FastifyInstance,
  cookie: string,
  products: { id: string; size: string; count: number }[],
  extra: { code?: string; useCredit?: boolean } = {},
) {
  return send(app, 'POST', '/api/checkouts', cookie, { products, ...extra });
}

/** Pays a started checkout on the test gateway's page. */
export async function payOnTestPage(app: FastifyInstance, url: string): Promise<void> {
  const paid = await send(app, 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}
