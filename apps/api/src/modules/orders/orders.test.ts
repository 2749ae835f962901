import { ORDERS_PAGE_SIZE, type Order } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order, testPayment } from '../../db/schema';
import {
  type Buyer,
  newProduct,
  type QuickBuyer,
  quickAccounts,
  quickBuyers,
  stockedProducts,
  unitLedger,
} from '../../test/buyers';
import { pastOrder } from '../../test/orders';
import { expectRefused, type Outsider, outsiders } from '../../test/outsiders';
import { buy, orderRow, type Pick, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ accounts: true });
let strangers: Outsider[];
let products: Pick[];

beforeAll(async () => {
  strangers = await outsiders(app());
  const names = ['Orders Alpha', 'Orders Bravo', 'Orders Charlie'];
  const ids = await stockedProducts(app(), names, 50);
  products = ids.map((id, index) => ({ id, name: names[index] ?? '', size: '9', price: 100, units: 50 }));
});

const product = (index: number) => products[index] as Pick;

/**
 * `count` approved orders of one line each, placed a minute apart (the oldest first) through the past-order
 * helper, with totals that repeat every 7 orders; answers their ids, oldest first.
 */
async function pastOrders(userId: string, count: number): Promise<string[]> {
  const start = Date.now() - count * 60_000;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(
      await pastOrder(app(), {
        userId,
        state: 'aprobed',
        provider: 'stripe',
        createdAt: new Date(start + index * 60_000),
        lines: [
          {
            productId: product(0).id,
            name: product(0).name,
            count: 1,
            unitPriceCents: ((index % 7) + 1) * 1000,
          },
        ],
      }),
    );
  }
  return ids;
}

const ids = (response: { json: () => unknown }) => (response.json() as { _id: string }[]).map((o) => o._id);

describe('GET /api/orders, page by page', () => {
  let pager: Buyer;
  let oldestFirst: string[];

  beforeAll(async () => {
    [pager] = (await quickBuyers(app(), 1, 'pager')) as [Buyer];
    oldestFirst = await pastOrders(pager.id, 45);
  });

  it(`answers the newest ${ORDERS_PAGE_SIZE} first, then the next pages; a short page is the last`, async () => {
    const newestFirst = [...oldestFirst].reverse();
    const first = await send(app(), 'GET', '/api/orders', pager.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(ids(first)).toEqual(newestFirst.slice(0, 20));
    expect(ids(await send(app(), 'GET', '/api/orders?page=2', pager.cookie))).toEqual(
      newestFirst.slice(20, 40),
    );
    expect(ids(await send(app(), 'GET', '/api/orders?page=3', pager.cookie))).toEqual(newestFirst.slice(40));
    expect(ids(await send(app(), 'GET', '/api/orders?page=4', pager.cookie))).toEqual([]);
    expect(ids(await send(app(), 'GET', '/api/orders?limit=100', pager.cookie))).toEqual(newestFirst);
    const oldest = await send(
      app(),
      'GET',
      `/api/orders?ordersSort=${encodeURIComponent('{"date":1}')}&limit=3`,
      pager.cookie,
    );
    expect(ids(oldest)).toEqual(oldestFirst.slice(0, 3));
  });

  it('pages through another sort without repeating or skipping an order', async () => {
    const sort = encodeURIComponent('{"finalAmount":1}');
    const seen: { _id: string; finalAmount: number }[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const response = await send(
        app(),
        'GET',
        `/api/orders?ordersSort=${sort}&limit=10&page=${page}`,
        pager.cookie,
      );
      seen.push(...response.json<{ _id: string; finalAmount: number }[]>());
    }
    expect(new Set(seen.map((o) => o._id)).size).toBe(45);
    const amounts = seen.map((o) => o.finalAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-3', 'limit'],
    ['ordersSort=date', 'ordersSort'],
    ['_id=abc', '_id'],
    ['from=0000-01-01', 'from'],
    ['to=9999-12-31', 'to'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await send(app(), 'GET', `/api/orders?${query}`, pager.cookie);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it("shows a shopper only their own orders; an admin anyone's", async () => {
    for (const stranger of strangers) {
      expectRefused(stranger, await send(app(), 'GET', `/api/orders?_id=${pager.id}`, stranger.cookie));
    }
    const own = await send(app(), 'GET', '/api/orders', strangers[3]?.cookie);
    expect(own.json()).toEqual([]);
    const asAdmin = await send(app(), 'GET', `/api/orders?_id=${pager.id}&limit=5`, adminCookie());
    expect(ids(asAdmin)).toEqual([...oldestFirst].reverse().slice(0, 5));
  });
});

describe('GET /api/orders?search= (staff)', () => {
  let ana: QuickBuyer;
  let ben: QuickBuyer;
  let anas: string[];
  let bens: string[];

  beforeAll(async () => {
    [ana, ben] = (await quickAccounts(app(), 2, 'seeker')) as [QuickBuyer, QuickBuyer];
    anas = await pastOrders(ana.id, 3);
    bens = await pastOrders(ben.id, 2);
  });

  const numberOf = async (orderId: string) => (await orderRow(app(), orderId))?.number ?? 0;
  const search = (text: string, cookie = adminCookie()) =>
    send(app(), 'GET', `/api/orders?limit=100&search=${encodeURIComponent(text)}`, cookie);

  it('finds an order by its number, with or without #, and nothing else', async () => {
    const number = await numberOf(bens[1] ?? '');
    for (const text of [String(number), `#${number}`, ` # ${number} `]) {
      const found = await search(text);
      expect(found.statusCode, found.body).toBe(200);
      expect(ids(found)).toContain(bens[1]);
      // The rest are orders of accounts whose e-mail or name holds the digits.
      for (const other of found.json<Order[]>().filter((one) => one.number !== number)) {
        expect(`${other.user.email} ${other.user.username}`).toContain(String(number));
      }
    }
  });

  it("finds a buyer's orders by e-mail or name, in any case, as plain text", async () => {
    expect(new Set(ids(await search(ana.email.toUpperCase())))).toEqual(new Set(anas));
    expect(new Set(ids(await search(ben.username)))).toEqual(new Set(bens));
    const tag = ana.email.split('.')[1]?.split('@')[0] ?? '';
    expect(new Set(ids(await search(`.${tag}@`)))).toEqual(new Set([...anas, ...bens]));
    // Wildcards are plain characters: they match nobody's e-mail.
    expect(ids(await search('%'))).toEqual([]);
    expect(ids(await search(`seeker_.${tag}`))).toEqual([]);
  });

  it('combines with the state and date filters and pages like the list', async () => {
    expect(ids(await search(ana.email, adminCookie()))).toHaveLength(3);
    expect(
      ids(await send(app(), 'GET', `/api/orders?state=pending&search=${ana.email}`, adminCookie())),
    ).toEqual([]);
    const page = await send(app(), 'GET', `/api/orders?limit=2&page=2&search=${ana.email}`, adminCookie());
    expect(ids(page)).toEqual([anas[0]]);
  });

  it('finds only their own orders for a shopper', async () => {
    const found = await search(ben.email, ana.cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([]);
    expect(new Set(ids(await search(ana.username, ana.cookie)))).toEqual(new Set(anas));
  });

  it('treats a blank search as none', async () => {
    const blank = await send(app(), 'GET', `/api/orders?_id=${ana.id}&search=%20%20`, adminCookie());
    expect(blank.statusCode, blank.body).toBe(200);
    expect(ids(blank)).toHaveLength(3);
  });

  it.each([
    ['x'.repeat(101), 'must be at most 100 characters'],
    ['ana\u0000', 'must not contain control characters'],
  ])('refuses %j with the field and the reason, in the envelope', async (text, reason) => {
    const refused = await search(text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ search: reason });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await send(app(), 'GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: object }[] }>>;
    }>();
    const parameter = document.paths['/api/orders']?.get?.parameters?.find((one) => one.name === 'search');
    expect(parameter).toMatchObject({ in: 'query', schema: { maxLength: 100 } });
  });
});

describe('the order number', () => {
  it('is in every shape of an order: the list, the detail and the CSV export', async () => {
    const [buyer] = (await quickAccounts(app(), 1, 'numbered')) as [QuickBuyer];
    const [orderId = ''] = await pastOrders(buyer.id, 1);
    const number = (await orderRow(app(), orderId))?.number;
    expect(number).toEqual(expect.any(Number));
    const [listed] = (await send(app(), 'GET', '/api/orders', buyer.cookie)).json<{ number: number }[]>();
    expect(listed?.number).toBe(number);
    const detail = await send(app(), 'GET', `/api/orders/${orderId}`, adminCookie());
    expect(detail.json().number).toBe(number);
    const csv = await send(app(), 'GET', `/api/orders/export.csv?_id=${buyer.id}`, adminCookie());
    expect(csv.statusCode, csv.body).toBe(200);
    const [head, row] = csv.body.trim().split('\r\n');
    expect(head?.split(',').slice(0, 2)).toEqual(['order_id', 'order_number']);
    expect(row?.split(',').slice(0, 2)).toEqual([orderId, String(number)]);
  });
});

describe('POST /api/orders/:id/pay', () => {
  async function pendingOrder(buyer: Buyer, path = '/api/checkouts') {
    const response = await send(app(), 'POST', path, buyer.cookie, {
      products: [{ id: product(1).id, size: '9', count: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ orderId: string; url?: string; links?: { href: string; rel: string }[] }>();
    return { orderId: body.orderId, url: body.url ?? body.links?.find((l) => l.rel === 'approve')?.href };
  }
  const pay = (orderId: string, cookie?: string) => send(app(), 'POST', `/api/orders/${orderId}/pay`, cookie);

  it("answers the pending order's payment page again, to its buyer only", async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'payer')) as [Buyer];
    const card = await pendingOrder(buyer);
    const again = await pay(card.orderId, buyer.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ url: card.url });
    const paypal = await pendingOrder(buyer, '/api/paypal/create-payment');
    expect((await pay(paypal.orderId, buyer.cookie)).json()).toEqual({ url: paypal.url });

    for (const stranger of strangers) expectRefused(stranger, await pay(card.orderId, stranger.cookie));
    // Not even an admin: the payment page is the buyer's.
    expect((await pay(card.orderId, adminCookie())).statusCode).toBe(404);
    expect((await pay('00000000-0000-4000-8000-000000000000', buyer.cookie)).statusCode).toBe(404);
    const malformed = await pay('abc', buyer.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('id');
    expect((await orderRow(app(), card.orderId))?.state).toBe('pending');
  });

  /**
   * A checkout cut short by a crash: the order and its reservation committed, its payment page never
   * stored. Answers the order's id and the page its checkout had made (which the buyer never received).
   */
  async function orderWithoutPage(buyer: Buyer, path = '/api/checkouts') {
    const { orderId, url } = await pendingOrder(buyer, path);
    await app()
      .db.update(order)
      .set({ paymentUrl: null, providerReference: null })
      .where(eq(order.id, orderId));
    return { orderId, lost: url?.split('/').pop() ?? '' };
  }
  const testPaymentsOf = (orderId: string) =>
    app()
      .db.select({ reference: testPayment.reference, status: testPayment.status })
      .from(testPayment)
      .where(eq(testPayment.orderId, orderId));

  it.each([
    ['stripe', '/api/checkouts'],
    ['paypal', '/api/paypal/create-payment'],
  ])(
    'makes a new %s payment page for a pending order that has none; paying it approves the order once',
    async (provider, path) => {
      const [buyer] = (await quickBuyers(app(), 1, 'cutshort')) as [Buyer];
      const { orderId } = await orderWithoutPage(buyer, path);
      const before = await unitLedger(app(), product(1).id);

      const again = await pay(orderId, buyer.cookie);
      expect(again.statusCode, again.body).toBe(200);
      const { url } = again.json<{ url: string }>();
      expect(url).toMatch(new RegExp(`^http://localhost:3000/test-gateway/test_${provider}_[0-9a-f]{32}$`));
      const reference = url.split('/').pop() as string;
      expect(await orderRow(app(), orderId)).toMatchObject({ paymentUrl: url, providerReference: reference });
      // Stored: asked again, the same page.
      expect((await pay(orderId, buyer.cookie)).json()).toEqual({ url });

      const page = await send(app(), 'GET', `/api/test-gateway/payments/${reference}`);
      expect(page.json()).toMatchObject({ status: 'open', provider, amount: 100, email: expect.any(String) });
      const paid = await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`);
      expect(paid.statusCode).toBe(200);
      // Paid again (a buyer's retry): the same answer, and nothing is sold twice.
      const repeated = await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`);
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json()).toEqual(paid.json());
      const confirmed = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
        voucher: { state: 'aprobed' },
      });
      expect(confirmed.json().state).toBe('aprobed');
      // The reserved pair was sold once.
      expect(await unitLedger(app(), product(1).id)).toEqual({
        units: before.units,
        reserved: before.reserved - 1,
        pending: before.pending - 1,
        sold: before.sold + 1,
      });
      expect((await pay(orderId, buyer.cookie)).statusCode).toBe(409);
    },
  );

  it('keeps one new page when two requests make one at once, and closes the other', async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'twice')) as [Buyer];
    const { orderId, lost } = await orderWithoutPage(buyer);
    const answers = await Promise.all([pay(orderId, buyer.cookie), pay(orderId, buyer.cookie)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [one, two] = answers.map((answer) => answer.json<{ url: string }>().url);
    expect(two).toBe(one);
    const stored = await orderRow(app(), orderId);
    expect(stored?.paymentUrl).toBe(one);
    const made = (await testPaymentsOf(orderId)).filter((payment) => payment.reference !== lost);
    expect(made.filter((payment) => payment.status === 'open')).toEqual([
      { reference: stored?.providerReference, status: 'open' },
    ]);
    expect(made.every((payment) => payment.status === 'open' || payment.status === 'expired')).toBe(true);
  });

  it('refuses with 409 once the order is paid, cancelled or its reservation ran out', async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'late')) as [Buyer];
    const expired = await pendingOrder(buyer);
    await app()
      .db.update(order)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(order.id, expired.orderId));
    const late = await pay(expired.orderId, buyer.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/ran out/);

    const cancelled = await pendingOrder(buyer);
    await send(app(), 'PUT', `/api/orders/${cancelled.orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    const gone = await pay(cancelled.orderId, buyer.cookie);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toMatch(/cancelled/);

    const paid = await pendingOrder(buyer);
    await send(app(), 'POST', `/api/test-gateway/payments/${paid.url?.split('/').pop()}/pay`);
    await send(app(), 'PUT', `/api/orders/${paid.orderId}`, buyer.cookie, { voucher: { state: 'aprobed' } });
    const twice = await pay(paid.orderId, buyer.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already paid/);
  });
});

describe('GET /api/users/bought/:id', () => {
  it('lists each bought product once, newest purchase first, with the buyer review or null', async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'bought')) as [Buyer];
    const empty = await send(app(), 'GET', `/api/users/bought/${buyer.id}`, buyer.cookie);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual([]);

    await buy(app(), buyer.cookie, product(0));
    await buy(app(), buyer.cookie, product(1));
    const latest = await buy(app(), buyer.cookie, product(0), 2);
    // A pending order is not bought yet.
    await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [{ id: product(2).id, size: '9', count: 1 }],
    });
    const review = await send(app(), 'POST', '/api/reviews', buyer.cookie, {
      _idProduct: product(1).id,
      _idUser: buyer.id,
      rating: 4,
      description: 'Light and comfortable.',
    });
    expect(review.statusCode, review.body).toBe(201);

    const response = await send(app(), 'GET', `/api/users/bought/${buyer.id}`, buyer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { product: _product, ...reviewOnly } = review.json();
    expect(response.json()).toEqual([
      {
        product: {
          _id: product(0).id,
          name: product(0).name,
          brand: 'nike',
          card_picture: newProduct().cardPicture,
        },
        date: (await orderRow(app(), latest))?.createdAt.toISOString(),
        review: null,
      },
      {
        product: {
          _id: product(1).id,
          name: product(1).name,
          brand: 'nike',
          card_picture: newProduct().cardPicture,
        },
        date: expect.any(String),
        review: reviewOnly,
      },
    ]);

    for (const stranger of strangers) {
      expectRefused(stranger, await send(app(), 'GET', `/api/users/bought/${buyer.id}`, stranger.cookie));
    }
    const asAdmin = await send(app(), 'GET', `/api/users/bought/${buyer.id}`, adminCookie());
    expect(asAdmin.json()).toEqual(response.json());
    const unknown = await send(
      app(),
      'GET',
      '/api/users/bought/00000000-0000-4000-8000-000000000000',
      adminCookie(),
    );
    expect(unknown.statusCode).toBe(404);
    expect((await send(app(), 'GET', '/api/users/bought/abc', adminCookie())).statusCode).toBe(400);
  });
});
