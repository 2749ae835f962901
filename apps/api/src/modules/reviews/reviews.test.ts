import { ONLY_BUYERS_MESSAGE } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../db/schema';
import { signUp } from '../../test/accounts';
import { type Buyer, quickBuyers, stockedProducts } from '../../test/buyers';
import { expectRefused, type Outsider, outsiders } from '../../test/outsiders';
import { writeReview as reviewAs } from '../../test/reviews';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ catalogue: true, accounts: true });
let bought: Pick;
let buyer: Awaited<ReturnType<typeof verifiedBuyer>>;
let strangers: Outsider[];

let made = 0;
/**
 * A product of its own with stock, so the seeded customers' reviews of the catalogue do not mix with the
 * ones a test writes.
 */
async function productInStock(): Promise<Pick> {
  made += 1;
  const name = `Review Runner ${made}`;
  const [id = ''] = await stockedProducts(app(), [name], 50);
  return { id, name, size: '9', price: 100, units: 50 };
}

const reviewsInDb = async (productId: string) =>
  (await app().db.select({ n: count() }).from(review).where(eq(review.productId, productId)))[0]?.n ?? 0;

const payload = (overrides: Record<string, unknown> = {}) => ({
  _idProduct: bought.id,
  _idUser: buyer.id,
  rating: 4,
  description: 'Comfortable from the first day, runs half a size large.',
  ...overrides,
});

beforeAll(async () => {
  buyer = await verifiedBuyer(app());
  bought = await productInStock();
  await buy(app(), buyer.cookie, bought);
  strangers = await outsiders(app());
});

describe('POST /api/reviews', () => {
  it('refuses a guest, an unverified user and a user who did not buy the product, writing nothing', async () => {
    expect((await send(app(), 'POST', '/api/reviews', undefined, payload())).statusCode).toBe(401);

    const unverified = await signUp(app());
    const notVerified = await send(app(), 'POST', '/api/reviews', unverified.cookie, {
      ...payload(),
      _idUser: unverified.id,
    });
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const browser = await verifiedBuyer(app());
    const notBought = await send(app(), 'POST', '/api/reviews', browser.cookie, {
      ...payload(),
      _idUser: browser.id,
    });
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json().error).toMatchObject({
      code: 'NOT_A_BUYER',
      message: ONLY_BUYERS_MESSAGE,
      fields: { _idProduct: 'was not bought by this user' },
    });
    expect(await reviewsInDb(bought.id)).toBe(0);
  });

  it('does not count an unpaid order as bought', async () => {
    const shopper = await verifiedBuyer(app());
    const pick = await productInStock();
    const started = await send(app(), 'POST', '/api/checkouts', shopper.cookie, {
      products: [{ id: pick.id, size: pick.size, count: 1, price: pick.price, name: pick.name }],
      finalAmount: pick.price,
      user: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const refused = await send(app(), 'POST', '/api/reviews', shopper.cookie, {
      ...payload(),
      _idProduct: pick.id,
      _idUser: shopper.id,
    });
    expect(refused.json().error.code).toBe('NOT_A_BUYER');
  });

  it('refuses writing as somebody else', async () => {
    const other = await verifiedBuyer(app());
    const response = await send(app(), 'POST', '/api/reviews', other.cookie, payload());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.fields).toEqual({ _idUser: 'must be the signed-in user' });
  });

  it.each([
    [{ rating: 6 }, 'rating'],
    [{ rating: -1 }, 'rating'],
    [{ rating: 2.5 }, 'rating'],
    [{ rating: '4' }, 'rating'],
    [{ description: '   ' }, 'description'],
    [{ description: 'x'.repeat(1021) }, 'description'],
    [{ _idProduct: 'abc' }, '_idProduct'],
    [{ _idUser: 'abc' }, '_idUser'],
  ])('answers 400 naming the field for %j', async (overrides, field) => {
    const response = await send(app(), 'POST', '/api/reviews', buyer.cookie, payload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
    expect(await reviewsInDb(bought.id)).toBe(0);
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await send(app(), 'POST', '/api/reviews', buyer.cookie, {
      ...payload(),
      _idProduct: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });

  it('lets the buyer review once; the review shows on the product', async () => {
    const created = await send(app(), 'POST', '/api/reviews/', buyer.cookie, payload({ rating: 5 }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      user: { _id: buyer.id, username: buyer.username, image: '' },
      product: { _id: bought.id, name: bought.name },
      rating: 5,
      description: 'Comfortable from the first day, runs half a size large.',
    });
    expect(created.json().date).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = await send(app(), 'POST', '/api/reviews', buyer.cookie, payload({ rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect(await reviewsInDb(bought.id)).toBe(1);

    const listed = await send(app(), 'GET', `/api/reviews/product/${bought.id}`);
    expect(listed.json()).toEqual([created.json()].map(({ product: _product, ...rest }) => rest));
    const details = await send(app(), 'GET', `/api/products/details/${bought.id}`);
    expect(details.json()[0].reviews).toEqual(listed.json());

    const own = await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, buyer.cookie);
    expect(own.json()).toEqual([created.json()]);
    const dashboard = await send(app(), 'GET', `/api/users/dashboard/${buyer.id}`, buyer.cookie);
    expect(dashboard.json()[0].reviews).toEqual([created.json()]);
  });
});

describe('how it fits (issue 39)', () => {
  it('keeps the fit a buyer answers and the size they bought; an edit without one keeps it', async () => {
    const pick = await productInStock();
    const fitter = await verifiedBuyer(app());
    await buy(app(), fitter.cookie, pick);
    const bad = await send(app(), 'POST', '/api/reviews', fitter.cookie, {
      ...payload({ _idProduct: pick.id, _idUser: fitter.id }),
      fit: 'tiny',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['fit']);
    expect(await reviewsInDb(pick.id)).toBe(0);

    const created = await send(app(), 'POST', '/api/reviews', fitter.cookie, {
      ...payload({ _idProduct: pick.id, _idUser: fitter.id }),
      fit: 'small',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ fit: 'small', sizeBought: '9' });
    const [row] = await app().db.select().from(review).where(eq(review.id, created.json()._id));
    expect(row).toMatchObject({ fit: 'small', sizeBought: '9' });

    const kept = await send(app(), 'PUT', `/api/reviews/${row?.id}`, fitter.cookie, {
      rating: 3,
      description: 'Still small after a week.',
    });
    expect(kept.json()).toMatchObject({ rating: 3, fit: 'small' });
    const changed = await send(app(), 'PUT', `/api/reviews/${row?.id}`, fitter.cookie, {
      rating: 3,
      description: 'It gave after a week.',
      fit: 'true',
    });
    expect(changed.json()).toMatchObject({ fit: 'true', sizeBought: '9' });
  });
});

describe('GET /api/reviews', () => {
  it("answers a product's reviews, 404 for an unknown product and 400 for a malformed id", async () => {
    const other = await productInStock();
    expect((await send(app(), 'GET', `/api/reviews/product/${other.id}`)).json()).toEqual([]);
    expect(
      (await send(app(), 'GET', '/api/reviews/product/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const malformed = await send(app(), 'GET', '/api/reviews/product/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('id');
  });

  it("keeps a user's review list to the user and admins", async () => {
    const stranger = await verifiedBuyer(app());
    expect((await send(app(), 'GET', `/api/reviews/user/${buyer.id}`)).statusCode).toBe(401);
    expect((await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, stranger.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, adminCookie())).statusCode).toBe(200);
  });
});

describe('deleting reviews', () => {
  async function reviewed() {
    const author = await verifiedBuyer(app());
    const pick = await productInStock();
    await buy(app(), author.cookie, pick);
    const reviewId = await reviewAs(app(), author, pick.id, {
      rating: 3,
      description: 'Good, not great.',
    });
    return { author, pick, reviewId };
  }

  it('lets only an admin delete reviews of a product, all named or none', async () => {
    const { author, pick, reviewId } = await reviewed();
    const url = `/api/reviews/product/${pick.id}`;
    const byAuthor = await send(app(), 'DELETE', url, author.cookie, { _idReviews: [reviewId] });
    expect(byAuthor.statusCode).toBe(403);

    const unknown = '00000000-0000-4000-8000-000000000000';
    const partly = await send(app(), 'DELETE', url, adminCookie(), { _idReviews: [reviewId, unknown] });
    expect(partly.statusCode).toBe(404);
    expect(partly.json().error.fields._idReviews).toContain(unknown);
    expect(await reviewsInDb(pick.id)).toBe(1);

    const empty = await send(app(), 'DELETE', url, adminCookie(), { _idReviews: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('_idReviews');

    const deleted = await send(app(), 'DELETE', url, adminCookie(), { _idReviews: [reviewId] });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([]);
    expect(await reviewsInDb(pick.id)).toBe(0);
  });

  it('lets a user delete their own reviews and nobody else but an admin', async () => {
    const { author, pick, reviewId } = await reviewed();
    const url = `/api/reviews/user/${author.id}`;
    const stranger = await verifiedBuyer(app());
    expect((await send(app(), 'DELETE', url, stranger.cookie, { _idReviews: [reviewId] })).statusCode).toBe(
      403,
    );
    // A review id of somebody else's is not found under this user.
    const notTheirs = await send(app(), 'DELETE', `/api/reviews/user/${stranger.id}`, stranger.cookie, {
      _idReviews: [reviewId],
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(await reviewsInDb(pick.id)).toBe(1);

    const deleted = await send(app(), 'DELETE', url, author.cookie, { _idReviews: [reviewId] });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([]);
    expect(await reviewsInDb(pick.id)).toBe(0);
  });
});

/** A product, buyers who bought it (verified, without the cost of hashing a password each) and its rating. */
async function boughtBy(count: number) {
  const pick = await productInStock();
  const buyers = await quickBuyers(app(), count, 'rater');
  for (const each of buyers) await buy(app(), each.cookie, pick);
  return { pick, buyers };
}
const ratingOf = async (productId: string) =>
  (await send(app(), 'GET', `/api/products/details/${productId}`)).json()[0].rating as number;
const writeReview = (author: Buyer, productId: string, rating: number) =>
  send(app(), 'POST', '/api/reviews', author.cookie, {
    _idProduct: productId,
    _idUser: author.id,
    rating,
    description: `${rating} stars.`,
  });

describe('PUT /api/reviews/:id', () => {
  it('lets the author change the rating and comment, and answers the review', async () => {
    const { pick, buyers } = await boughtBy(1);
    const [author] = buyers as [Buyer];
    const created = await writeReview(author, pick.id, 2);
    const id = created.json()._id;
    const edited = await send(app(), 'PUT', `/api/reviews/${id}`, author.cookie, {
      rating: 5,
      description: '  Better after a week of wear.  ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { product: _product, ...before } = created.json();
    expect(edited.json()).toEqual({ ...before, rating: 5, description: 'Better after a week of wear.' });
    expect((await send(app(), 'GET', `/api/reviews/product/${pick.id}`)).json()).toEqual([edited.json()]);
  });

  it('refuses everybody but the author, and changes nothing', async () => {
    const { pick, buyers } = await boughtBy(1);
    const [author] = buyers as [Buyer];
    const id = (await writeReview(author, pick.id, 3)).json()._id;
    const change = { rating: 1, description: 'Not mine to change.' };
    for (const stranger of strangers) {
      expectRefused(stranger, await send(app(), 'PUT', `/api/reviews/${id}`, stranger.cookie, change));
    }
    // Not an admin either: they delete reviews, they do not put words in a buyer's mouth.
    expect((await send(app(), 'PUT', `/api/reviews/${id}`, adminCookie(), change)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send(app(), 'PUT', `/api/reviews/${unknown}`, author.cookie, change)).statusCode).toBe(404);
    const [stored] = (await send(app(), 'GET', `/api/reviews/product/${pick.id}`)).json();
    expect(stored).toMatchObject({ rating: 3, description: '3 stars.' });
    expect(await ratingOf(pick.id)).toBe(3);
  });

  it.each([
    [{ rating: 6 }, 'rating'],
    [{ rating: -1 }, 'rating'],
    [{ rating: 2.5 }, 'rating'],
    [{ rating: '4' }, 'rating'],
    [{ rating: undefined }, 'rating'],
    [{ description: '   ' }, 'description'],
    [{ description: 'x'.repeat(1021) }, 'description'],
    [{ description: undefined }, 'description'],
  ])('answers 400 naming the field for %j', async (overrides, field) => {
    const [own] = (await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, buyer.cookie)).json();
    const response = await send(app(), 'PUT', `/api/reviews/${own._id}`, buyer.cookie, {
      rating: 4,
      description: 'Fine.',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
    const [after] = (await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, buyer.cookie)).json();
    expect(after).toEqual(own);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await send(app(), 'PUT', '/api/reviews/abc', buyer.cookie, {
      rating: 4,
      description: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('id');
  });
});

describe("a product's rating comes from its reviews", () => {
  it('follows every review written, edited and deleted: the rounded mean, 0 without reviews', async () => {
    const { pick, buyers } = await boughtBy(2);
    const [first, second] = buyers as [Buyer, Buyer];
    expect(await ratingOf(pick.id)).toBe(0);

    const five = (await writeReview(first, pick.id, 5)).json()._id;
    expect(await ratingOf(pick.id)).toBe(5);
    const two = (await writeReview(second, pick.id, 2)).json()._id;
    expect(await ratingOf(pick.id)).toBe(4); // 3.5 rounds up

    await send(app(), 'PUT', `/api/reviews/${two}`, second.cookie, { rating: 1, description: 'Worse.' });
    expect(await ratingOf(pick.id)).toBe(3);
    // The catalogue's rating filter and its cards read the same figure.
    const filtered = await send(
      app(),
      'GET',
      `/api/products?rating=3&limit=100&search=${encodeURIComponent(pick.name)}`,
    );
    expect(
      filtered.json().products.map((p: { _id: string; rating: number }) => [p._id, p.rating]),
    ).toContainEqual([pick.id, 3]);

    await send(app(), 'DELETE', `/api/reviews/product/${pick.id}`, adminCookie(), { _idReviews: [five] });
    expect(await ratingOf(pick.id)).toBe(1);
    await send(app(), 'DELETE', `/api/reviews/user/${second.id}`, second.cookie, { _idReviews: [two] });
    expect(await ratingOf(pick.id)).toBe(0);
  });

  it('rounds the mean as the spec shows it: a lone 0-star review leaves the product at 0', async () => {
    const { pick, buyers } = await boughtBy(1);
    expect((await writeReview(buyers[0] as Buyer, pick.id, 0)).statusCode).toBe(201);
    expect(await ratingOf(pick.id)).toBe(0);
  });

  it('counts every review when buyers review one product at the same moment', async () => {
    const ratings = [5, 5, 5, 1, 1, 1, 4, 2];
    const { pick, buyers } = await boughtBy(ratings.length);
    const responses = await Promise.all(
      buyers.map((each, index) => writeReview(each, pick.id, ratings[index] ?? 0)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(await ratingOf(pick.id)).toBe(3);
    // Edits and deletions at the same moment too.
    const ids = responses.map((response) => response.json()._id as string);
    await Promise.all([
      ...buyers.slice(0, 3).map((each, index) =>
        send(app(), 'PUT', `/api/reviews/${ids[index]}`, each.cookie, {
          rating: 1,
          description: 'Changed.',
        }),
      ),
      ...buyers.slice(3, 6).map((each, index) =>
        send(app(), 'DELETE', `/api/reviews/user/${each.id}`, each.cookie, {
          _idReviews: [ids[index + 3]],
        }),
      ),
    ]);
    // Left: 1, 1, 1, 4, 2: mean 1.8.
    expect(await ratingOf(pick.id)).toBe(2);
  });
});

describe('the review routes refuse strangers', () => {
  it('reads and changes nothing of a shopper for a guest, an unverified, a suspended or another user', async () => {
    const [own] = (await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, buyer.cookie)).json();
    for (const stranger of strangers) {
      const calls = [
        send(app(), 'GET', `/api/reviews/user/${buyer.id}`, stranger.cookie),
        send(app(), 'DELETE', `/api/reviews/user/${buyer.id}`, stranger.cookie, { _idReviews: [own._id] }),
        send(app(), 'DELETE', `/api/reviews/product/${bought.id}`, stranger.cookie, {
          _idReviews: [own._id],
        }),
        send(app(), 'POST', '/api/reviews', stranger.cookie, payload({ rating: 1 })),
        send(app(), 'PUT', `/api/reviews/${own._id}`, stranger.cookie, {
          rating: 1,
          description: 'Mine now.',
        }),
      ];
      for (const response of await Promise.all(calls)) expectRefused(stranger, response);
    }
    const [after] = (await send(app(), 'GET', `/api/reviews/user/${buyer.id}`, buyer.cookie)).json();
    expect(after).toEqual(own);
  });
});
