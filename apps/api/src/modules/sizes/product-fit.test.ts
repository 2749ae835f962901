import { randomBytes } from 'node:crypto';
import { type FitAnswer, type ProductFit, productDetailSchema } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { newProduct, quickBuyers } from '../../test/buyers';
import { pastOrder } from '../../test/orders';
import { shipOrder } from '../../test/shipments';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';
import { fitOfAnswers, fitOfExchanges } from './product-fit';

/**
 * How a model fits, on its page: its buyers' fit answers from five on, advice once 60 % agree, and the
 * pairs its buyers exchanged for another size.
 */
const shop = testShop({ staff: 'fit' });
const app = () => shop.app();

async function model(stock: Record<string, number> = { '9': 20, '9.5': 20, '10': 20, '10.5': 20 }) {
  const name = `Fit Runner ${randomBytes(3).toString('hex')}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  const created = await insertProducts(app().db, [newProduct({ name, price: 100, stock }, { slug })]);
  return { id: created.get(slug) ?? '', name };
}

async function fitOf(productId: string): Promise<ProductFit> {
  const response = await send(app(), 'GET', `/api/products/details/${productId}`);
  expect(response.statusCode, response.body).toBe(200);
  return productDetailSchema.parse(response.json<unknown[]>()[0]).fit;
}

/** Buyers of one pair each of the model in `size`, in paid orders (shipped when asked). */
async function buyers(product: { id: string; name: string }, count: number, size = 10, shipped = false) {
  const made = await quickBuyers(app(), count, 'fitter');
  return Promise.all(
    made.map(async (buyer) => {
      const orderId = await pastOrder(app(), {
        userId: buyer.id,
        state: 'aprobed',
        createdAt: new Date(),
        lines: [{ productId: product.id, name: product.name, size, count: 1, unitPriceCents: 10_000 }],
      });
      if (shipped) await shipOrder(app(), orderId);
      return { ...buyer, orderId };
    }),
  );
}

async function review(buyer: { id: string; cookie: string }, productId: string, fit: FitAnswer) {
  const response = await send(app(), 'POST', '/api/reviews', buyer.cookie, {
    _idProduct: productId,
    _idUser: buyer.id,
    rating: 4,
    description: 'How it fits, in a few words.',
    fit,
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('fit answers on the page', () => {
  it('shows nothing of four answers, and the distribution by size bought from the fifth', async () => {
    const shoe = await model();
    const [first, ...rest] = [...(await buyers(shoe, 3, 10)), ...(await buyers(shoe, 2, 9.5))];
    if (!first) throw new Error('no buyer');
    expect(await fitOf(shoe.id)).toMatchObject({ answers: 0, small: null, advice: null, bySize: null });
    const answers: FitAnswer[] = ['small', 'true', 'small', 'large'];
    for (const [index, buyer] of rest.entries()) await review(buyer, shoe.id, answers[index] ?? 'true');
    expect(await fitOf(shoe.id)).toMatchObject({
      answers: 4,
      small: null,
      true: null,
      large: null,
      advice: null,
      bySize: null,
    });
    await review(first, shoe.id, 'true');
    const fit = await fitOf(shoe.id);
    expect(fit).toMatchObject({ answers: 5, small: 2, true: 2, large: 1, advice: null });
    // Three bought a 10 (small, true, and the fifth's true), two a 9.5 (small, large).
    expect(fit.bySize).toEqual([
      { key: '9.5', small: 1, true: 0, large: 1 },
      { key: '10', small: 1, true: 2, large: 0 },
    ]);
  });

  it('advises once 60 % agree, and not below', async () => {
    const small = await model();
    const smallBuyers = await buyers(small, 5);
    for (const [index, buyer] of smallBuyers.entries())
      await review(buyer, small.id, (['small', 'small', 'small', 'true', 'large'] as const)[index] ?? 'true');
    expect((await fitOf(small.id)).advice).toBe('Most buyers say it runs small: consider half a size up');

    const large = await model();
    for (const [index, buyer] of (await buyers(large, 5)).entries())
      await review(buyer, large.id, (['large', 'large', 'large', 'large', 'true'] as const)[index] ?? 'true');
    expect((await fitOf(large.id)).advice).toBe('Most buyers say it runs large: consider half a size down');

    const split = await model();
    const splitBuyers = await buyers(split, 6);
    for (const [index, buyer] of splitBuyers.entries())
      await review(
        buyer,
        split.id,
        (['true', 'true', 'true', 'small', 'small', 'large'] as const)[index] ?? 'true',
      );
    // Three in six (50 %) say true to size: no advice.
    expect(await fitOf(split.id)).toMatchObject({ answers: 6, true: 3, advice: null });

    // One more agreeing answer makes four in seven (57 %): still none; a fifth of eight (62.5 %) advises.
    const [seventh, eighth] = await buyers(split, 2);
    if (!seventh || !eighth) throw new Error('no buyers');
    await review(seventh, split.id, 'true');
    expect((await fitOf(split.id)).advice).toBeNull();
    await review(eighth, split.id, 'true');
    expect((await fitOf(split.id)).advice).toBe('Most buyers say it fits true to size');
  });

  it('forgets a deleted review’s answer', async () => {
    const shoe = await model();
    const made = await buyers(shoe, 5);
    for (const buyer of made) await review(buyer, shoe.id, 'large');
    expect(await fitOf(shoe.id)).toMatchObject({ answers: 5, large: 5 });
    const [last] = made.slice(-1);
    if (!last) throw new Error('no buyer');
    const mine = await send(app(), 'GET', `/api/reviews/user/${last.id}`, last.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = mine.json<{ _id: string }[]>().map((row) => row._id);
    const deleted = await send(app(), 'DELETE', `/api/reviews/user/${last.id}`, last.cookie, {
      _idReviews: ids,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await fitOf(shoe.id)).toMatchObject({ answers: 4, large: null, advice: null });
  });
});

describe('exchanges on the page', () => {
  const exchange = (
    buyer: { cookie: string; orderId: string },
    productId: string,
    to: string,
    reason: string,
  ) =>
    send(app(), 'POST', `/api/orders/${buyer.orderId}/returns`, buyer.cookie, {
      reason,
      lines: [{ productId, size: '10', count: 1, resolution: 'exchange', exchangeSize: to }],
    });

  it('counts pairs exchanged up and down of the pairs bought, and says so from two the same way', async () => {
    const shoe = await model();
    const made = await buyers(shoe, 8, 10, true);
    expect(await fitOf(shoe.id)).toMatchObject({
      exchangedUp: 0,
      exchangedDown: 0,
      bought: 8,
      exchangeNote: null,
    });
    const [a, b, c] = made;
    if (!a || !b || !c) throw new Error('no buyers');
    const up = await exchange(a, shoe.id, '10.5', 'too_small');
    expect(up.statusCode, up.body).toBe(201);
    // One exchange is no pattern yet.
    expect(await fitOf(shoe.id)).toMatchObject({ exchangedUp: 1, exchangeNote: null });
    expect((await exchange(b, shoe.id, '10.5', 'too_small')).statusCode).toBe(201);
    const down = await exchange(c, shoe.id, '9.5', 'too_large');
    expect(down.statusCode, down.body).toBe(201);
    expect(await fitOf(shoe.id)).toMatchObject({
      exchangedUp: 2,
      exchangedDown: 1,
      bought: 8,
      exchangeNote: '1 in 4 buyers exchanged this model for half a size up',
    });

    // A cancelled return's exchange no longer counts.
    const cancelled = await send(
      app(),
      'POST',
      `/api/returns/${down.json<{ id: string }>().id}/cancel`,
      c.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await fitOf(shoe.id)).toMatchObject({ exchangedUp: 2, exchangedDown: 0 });
  });

  it('words the note by the step most exchanges made and by the share of pairs bought', () => {
    const twoUp = [{ size: 10, exchangeSize: 11, units: 2 }];
    expect(fitOfExchanges(twoUp, 9).exchangeNote).toBe('1 in 5 buyers exchanged this model for a size up');
    expect(fitOfExchanges([{ size: 10, exchangeSize: 9.5, units: 3 }], 3).exchangeNote).toBe(
      'Most buyers exchanged this model for half a size down',
    );
    expect(
      fitOfExchanges(
        [
          { size: 10, exchangeSize: 10.5, units: 2 },
          { size: 10, exchangeSize: 9.5, units: 2 },
        ],
        20,
      ).exchangeNote,
    ).toBeNull();
    expect(fitOfExchanges([{ size: 10, exchangeSize: 10.5, units: 1 }], 20).exchangeNote).toBeNull();
  });

  it('leaves reviews written before the size bought was kept out of the sizes, not out of the counts', () => {
    const fit = fitOfAnswers([
      { fit: 'small', size: null, answers: 2 },
      { fit: 'small', size: '10', answers: 2 },
      { fit: 'true', size: '10', answers: 1 },
    ]);
    expect(fit).toMatchObject({ answers: 5, small: 4, true: 1, large: 0 });
    expect(fit.bySize).toEqual([{ key: '10', small: 2, true: 1, large: 0 }]);
  });
});
