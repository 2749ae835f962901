import { randomBytes } from 'node:crypto';
import { type SizeAdvice, sizeAdviceSchema } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sizeAdvice } from '../../db/schema';
import { type Buyer, newProduct, quickBuyers } from '../../test/buyers';
import { pastOrder } from '../../test/orders';
import { shipOrder } from '../../test/shipments';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';
import { jobId } from '../jobs/jobs';

/**
 * "Buyers who kept 10 in Air Force 1 mostly kept 10.5 in this model": counted in the background from the
 * pairs buyers kept (paid, not sent back for size), shown to a shopper who kept that size, from five such
 * buyers on.
 */
const shop = testShop();
const app = () => shop.app();
const UNKNOWN_PRODUCT = '00000000-0000-4000-8000-000000000000';

interface Model {
  id: string;
  name: string;
}

async function models(...names: string[]): Promise<Model[]> {
  const tag = randomBytes(3).toString('hex');
  const slug = (name: string) => `${name.toLowerCase().replaceAll(' ', '-')}-${tag}`;
  const created = await insertProducts(
    app().db,
    names.map((name) =>
      newProduct({ name, price: 100, stock: { '10': 10, '10.5': 10, '11': 10 } }, { slug: slug(name) }),
    ),
  );
  return names.map((name) => ({ id: created.get(slug(name)) ?? '', name }));
}

/** A paid (and shipped) order of one pair of each of these models in the given sizes; answers its id. */
async function bought(buyer: Buyer, pairs: [Model, number][]): Promise<string> {
  const orderId = await pastOrder(app(), {
    userId: buyer.id,
    state: 'aprobed',
    createdAt: new Date(),
    lines: pairs.map(([model, size]) => ({
      productId: model.id,
      name: model.name,
      size,
      count: 1,
      unitPriceCents: 10_000,
    })),
  });
  await shipOrder(app(), orderId);
  return orderId;
}

/** Counts the pairs kept again, as the quarter-hourly job does: a run queued now, waited for. */
async function refresh(): Promise<void> {
  const key = `size-advice-${randomBytes(6).toString('hex')}`;
  await app().jobs.send('sizeAdvice', {}, { key });
  await expect
    .poll(
      async () => {
        const found = await app().db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${jobId(key)}`);
        return (found as unknown as { rows: { state: string }[] }).rows[0]?.state;
      },
      { interval: 50, timeout: 30_000 },
    )
    .toBe('completed');
}

async function adviceOn(productId: string, cookie?: string) {
  return send(app(), 'GET', `/api/products/${productId}/size-advice`, cookie);
}

async function advice(productId: string, cookie: string): Promise<SizeAdvice> {
  const response = await adviceOn(productId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return sizeAdviceSchema.parse(response.json());
}

let basis: Model;
let target: Model;
let shopper: Buyer;

beforeAll(async () => {
  [basis, target] = (await models('Advice Force', 'Advice Runner')) as [Model, Model];
  const [one] = await quickBuyers(app(), 1, 'advised');
  if (!one) throw new Error('no shopper');
  shopper = one;
  await bought(shopper, [[basis, 10]]);
});

describe('GET /api/products/:id/size-advice', () => {
  it('answers 401 to a guest and 404 for a product not on sale', async () => {
    expect((await adviceOn(target.id)).statusCode).toBe(401);
    const unknown = await adviceOn(UNKNOWN_PRODUCT, shopper.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('needs five buyers who kept the shopper’s size: none at four, the size most kept at five', async () => {
    const alike = await quickBuyers(app(), 6, 'alike');
    const [a, b, c, d, e, f] = alike;
    if (!a || !b || !c || !d || !e || !f) throw new Error('no buyers');
    // Four kept 10 in the basis and 10.5 in the target; one kept 11 there.
    for (const buyer of [a, b, c, d])
      await bought(buyer, [
        [basis, 10],
        [target, 10.5],
      ]);
    await bought(e, [
      [basis, 10],
      [target, 11],
    ]);
    // One more bought both, but sent the target back as too small: not a pair kept.
    const returned = await bought(f, [
      [basis, 10],
      [target, 10.5],
    ]);
    const sent = await send(app(), 'POST', `/api/orders/${returned}/returns`, f.cookie, {
      reason: 'too_small',
      lines: [{ productId: target.id, size: '10.5', count: 1, resolution: 'refund' }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await refresh();
    expect(await advice(target.id, shopper.cookie)).toBeNull();

    // Nothing changes until the statistics are counted again.
    const [fifth] = await quickBuyers(app(), 1, 'fifth');
    if (!fifth) throw new Error('no buyer');
    await bought(fifth, [
      [basis, 10],
      [target, 10.5],
    ]);
    expect(await advice(target.id, shopper.cookie)).toBeNull();
    await refresh();
    expect(await advice(target.id, shopper.cookie)).toEqual({
      size: '10.5',
      basis: { productId: basis.id, name: basis.name, size: '10' },
      buyers: 5,
    });
    // The other way round: the shopper kept nothing in the target, so nothing to advise from it.
    expect(await advice(basis.id, shopper.cookie)).toBeNull();
  });

  it('stores only what five buyers or more agree on, and says nothing to a shopper of another size', async () => {
    const rows = await app().db.select().from(sizeAdvice);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.buyers >= 5)).toBe(true);
    const [other] = await quickBuyers(app(), 1, 'other-size');
    if (!other) throw new Error('no shopper');
    await bought(other, [[basis, 11]]);
    expect(await advice(target.id, other.cookie)).toBeNull();
  });

  it('counts a pair exchanged for another size as kept in the new one, not the old', async () => {
    const [from, to] = await models('Exchange Basis', 'Exchange Target');
    if (!from || !to) throw new Error('no models');
    const keepers = await quickBuyers(app(), 5, 'keeper');
    for (const keeper of keepers) {
      // Each kept an 11 in the basis, and a 10.5 in the target after exchanging the 10 they bought.
      const orderId = await bought(keeper, [
        [from, 11],
        [to, 10],
      ]);
      const asked = await send(app(), 'POST', `/api/orders/${orderId}/returns`, keeper.cookie, {
        reason: 'too_small',
        lines: [{ productId: to.id, size: '10', count: 1, resolution: 'exchange', exchangeSize: '10.5' }],
      });
      expect(asked.statusCode, asked.body).toBe(201);
      await pastOrder(app(), {
        userId: keeper.id,
        state: 'aprobed',
        createdAt: new Date(),
        lines: [{ productId: to.id, name: to.name, size: 10.5, count: 1, unitPriceCents: 10_000 }],
      });
    }
    const [asker] = await quickBuyers(app(), 1, 'asker');
    if (!asker) throw new Error('no shopper');
    await bought(asker, [[from, 11]]);
    await refresh();
    expect(await advice(to.id, asker.cookie)).toEqual({
      size: '10.5',
      basis: { productId: from.id, name: from.name, size: '11' },
      buyers: 5,
    });
  });
});
