import type { ProductDetail } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { catalogueWritesOf, statementsSent } from '../../db/client';
import { product, productStock } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { writeReview } from '../../test/reviews';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * The product page's answer comes from memory, kept by the product's version: every change any instance
 * makes (or SQL makes) shows on the next visit. The cache of whole answers is off, so only that keeps it.
 */
const { app } = testShop({ config: { catalogCacheSeconds: 0 } });
let shoe: Pick;
let buyer: Awaited<ReturnType<typeof verifiedBuyer>>;

beforeAll(async () => {
  const [id = ''] = await stockedProducts(app(), ['Page Runner'], 20);
  shoe = { id, name: 'Page Runner', size: '9', price: 100, units: 20 };
  buyer = await verifiedBuyer(app());
});

async function detail(): Promise<ProductDetail> {
  const response = await send(app(), 'GET', `/api/products/details/${shoe.id}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const [found] = response.json<ProductDetail[]>();
  if (!found) throw new Error('no product');
  return found;
}

it('shows a change of the product row on the next visit, however it was made', async () => {
  expect((await detail()).price).toBe(100);
  await app()
    .db.update(product)
    .set({ priceCents: 8950, name: 'Page Runner II' })
    .where(eq(product.id, shoe.id));
  const changed = await detail();
  expect(changed.price).toBe(89.5);
  expect(changed.name).toBe('Page Runner II');
});

it('shows the units of each size as they are now, without any change to the product row', async () => {
  expect((await detail()).stock).toEqual({ '9': 20 });
  await app()
    .db.update(productStock)
    .set({ units: 0 })
    .where(and(eq(productStock.productId, shoe.id), eq(productStock.size, 9)));
  expect((await detail()).stock).toEqual({ '9': 0 });
  await app()
    .db.update(productStock)
    .set({ units: 20 })
    .where(and(eq(productStock.productId, shoe.id), eq(productStock.size, 9)));
  expect((await detail()).stock).toEqual({ '9': 20 });
});

it('answers 404 once the product is archived and the product again once restored', async () => {
  await app().db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, shoe.id));
  const gone = await send(app(), 'GET', `/api/products/details/${shoe.id}`);
  expect(gone.statusCode).toBe(404);
  expect(gone.json().error.code).toBe('NOT_FOUND');
  await app().db.update(product).set({ deletedAt: null }).where(eq(product.id, shoe.id));
  expect((await detail())._id).toBe(shoe.id);
});

it('shows a review as soon as it is written, changed or deleted, and the reviewer’s new name', async () => {
  await buy(app(), buyer.cookie, shoe);
  expect((await detail()).reviews).toEqual([]);

  const reviewId = await writeReview(app(), buyer, shoe.id, {
    rating: 4,
    description: 'Light and quick, the heel holds well.',
  });
  expect((await detail()).reviews.map((review) => [review._id, review.rating])).toEqual([[reviewId, 4]]);

  // The same rating with other words: the product's rating does not move, the page still changes.
  const edited = await send(app(), 'PUT', `/api/reviews/${reviewId}`, buyer.cookie, {
    rating: 4,
    description: 'Light and quick; after a month the heel still holds.',
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect((await detail()).reviews[0]?.description).toBe(
    'Light and quick; after a month the heel still holds.',
  );

  const renamed = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    username: 'page_reader',
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  expect((await detail()).reviews[0]?.user.username).toBe('page_reader');

  const deleted = await send(app(), 'DELETE', `/api/reviews/user/${buyer.id}`, buyer.cookie, {
    _idReviews: [reviewId],
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect((await detail()).reviews).toEqual([]);
});

it('answers visits that arrive together, all alike', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => send(app(), 'GET', `/api/products/details/${shoe.id}`)),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
  expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
});

it('answers 304 to the tag it gave while the page is unchanged, and a new tag once its stock changed', async () => {
  const first = await send(app(), 'GET', `/api/products/details/${shoe.id}`);
  const etag = first.headers.etag as string;
  const again = await app().inject({
    method: 'GET',
    url: `/api/products/details/${shoe.id}`,
    headers: { 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  await app()
    .db.update(productStock)
    .set({ units: 7 })
    .where(and(eq(productStock.productId, shoe.id), eq(productStock.size, 9)));
  const changed = await app().inject({
    method: 'GET',
    url: `/api/products/details/${shoe.id}`,
    headers: { 'if-none-match': etag },
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.json<ProductDetail[]>()[0]?.stock).toEqual({ '9': 7 });
});

it('on the embedded database, answers an unchanged page from memory, and a bought pair on the next visit', async () => {
  if (catalogueWritesOf(app().db) === undefined) return; // PostgreSQL: other instances write too.
  const before = await detail();
  const sent = statementsSent();
  expect(await detail()).toEqual(before);
  expect(statementsSent()).toBe(sent);
  await buy(app(), buyer.cookie, shoe, 2);
  expect((await detail()).stock).toEqual({ '9': (before.stock['9'] ?? 0) - 2 });
});
