import {
  type ReturnReason,
  type ReturnState,
  type SalesSizeModel,
  type SalesSizes,
  salesSizesSchema,
} from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderReturn, returnLine, review, user } from '../../db/schema';
import { type Buyer, newProduct, quickAdmin, quickBuyers } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { pastOrder } from '../../test/orders';
import { expectRefused, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';

/**
 * The owner's size table (issue 39): per model and size, pairs sold, sent back for size (too small, too
 * large, exchanged up or down) and fit answers, the models above the shop's average size return rate first.
 */
const { app, staff: admin } = testShop({ staff: 'sizestable' });

const DAY = 86_400_000;
/** Noon (UTC) `daysAgo` days before today; today's at one second past midnight, so never in the future. */
function at(daysAgo: number): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(daysAgo === 0 ? today + 1000 : today - daysAgo * DAY + DAY / 2);
}
const dayOf = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);
/** The Sales view's 30 days: from 29 days ago to today. */
const PERIOD = `from=${dayOf(29)}&to=${dayOf(0)}`;

/**
 * P runs small: 6 pairs sold, 3 sent back for size (50%). T: 1 sold, 1 back (100%). Q: 10 sold, 1 back
 * (10%). U: 20 sold, none back. V: none sold in the period, 1 back from an older order. The shop: 6 back
 * of 37 sold, 16.2%.
 */
const ids = { P: '', Q: '', T: '', U: '', V: '' };
type Letter = keyof typeof ids;
let buyers: Buyer[] = [];

const lineOf = (letter: Letter, size: number, count: number) => ({
  productId: ids[letter],
  name: `Sizes ${letter}`,
  size,
  count,
  unitPriceCents: 10_000,
});

/** A return opened `daysAgo` of one line of an order, in a state, for a reason, refunded or exchanged. */
async function openReturn(
  orderId: string,
  input: {
    letter: Letter;
    size: number;
    count: number;
    reason: ReturnReason;
    state: ReturnState;
    exchangeSize?: number;
    daysAgo?: number;
  },
) {
  const [row] = await app()
    .db.insert(orderReturn)
    .values({
      orderId,
      userId: buyers[0]?.id ?? '',
      reason: input.reason,
      state: input.state,
      createdAt: at(input.daysAgo ?? 0),
    })
    .returning({ id: orderReturn.id });
  await app()
    .db.insert(returnLine)
    .values({
      returnId: row?.id ?? '',
      position: 0,
      productId: ids[input.letter],
      name: `Sizes ${input.letter}`,
      size: input.size,
      count: input.count,
      resolution: input.exchangeSize === undefined ? 'refund' : 'exchange',
      exchangeSize: input.exchangeSize ?? null,
      reason: input.reason,
    });
}

/** Each buyer buys one pair of `letter` in `size` (long ago), so they may review it in that size. */
async function reviewers(letter: Letter, size: number, who: Buyer[]) {
  for (const buyer of who)
    await pastOrder(app(), {
      userId: buyer.id,
      state: 'aprobed',
      createdAt: at(200),
      lines: [lineOf(letter, size, 1)],
    });
}

async function review_(buyer: Buyer, letter: Letter, fit?: 'small' | 'true' | 'large') {
  const response = await send(app(), 'POST', '/api/reviews', buyer.cookie, {
    _idProduct: ids[letter],
    _idUser: buyer.id,
    rating: 4,
    description: 'Fits as I say.',
    ...(fit ? { fit } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  buyers = await quickBuyers(app(), 8, 'sizesbuyer');
  const created = await insertProducts(
    app().db,
    (Object.keys(ids) as Letter[]).map((letter) =>
      newProduct(
        { name: `Sizes ${letter}`, brand: letter === 'Q' ? 'adidas' : 'nike', price: 100 },
        { slug: `sizes-${letter.toLowerCase()}` },
      ),
    ),
  );
  for (const letter of Object.keys(ids) as Letter[])
    ids[letter] = created.get(`sizes-${letter.toLowerCase()}`) ?? '';

  const paid = (daysAgo: number, lines: ReturnType<typeof lineOf>[]) =>
    pastOrder(app(), { userId: buyers[0]?.id ?? '', state: 'aprobed', createdAt: at(daysAgo), lines });
  // In the period: P 4 × 9 and 2 × 10; T 1 × 8; Q 10 × 9; U 20 × 11.5.
  const first = await paid(0, [lineOf('P', 9, 4), lineOf('P', 10, 2)]);
  const second = await paid(3, [lineOf('T', 8, 1), lineOf('Q', 9, 10)]);
  await paid(29, [lineOf('U', 11.5, 20)]);
  // Not sales of the period: before it, not paid, cancelled.
  const older = await paid(30, [lineOf('V', 9, 5), lineOf('P', 9, 7)]);
  await pastOrder(app(), {
    userId: buyers[0]?.id ?? '',
    state: 'pending',
    createdAt: at(1),
    lines: [lineOf('P', 9, 9)],
  });
  await pastOrder(app(), {
    userId: buyers[0]?.id ?? '',
    state: 'cancelled',
    createdAt: at(1),
    lines: [lineOf('P', 9, 9)],
  });

  // P, size 9: one pair back as too small for the money, one exchanged up for 9.5 (too small too).
  await openReturn(first, { letter: 'P', size: 9, count: 1, reason: 'too_small', state: 'received' });
  await openReturn(first, {
    letter: 'P',
    size: 9,
    count: 1,
    reason: 'too_small',
    state: 'requested',
    exchangeSize: 9.5,
  });
  // P, size 10: exchanged down for 9.5 for another reason: still a size return.
  await openReturn(first, {
    letter: 'P',
    size: 10,
    count: 1,
    reason: 'other',
    state: 'approved',
    exchangeSize: 9.5,
  });
  // T too large; Q too large, and 2 Q damaged (no size return).
  await openReturn(second, { letter: 'T', size: 8, count: 1, reason: 'too_large', state: 'approved' });
  await openReturn(second, { letter: 'Q', size: 9, count: 1, reason: 'too_large', state: 'received' });
  await openReturn(second, { letter: 'Q', size: 9, count: 2, reason: 'damaged', state: 'requested' });
  // V: a pair of the older order, back in the period as too small.
  await openReturn(older, { letter: 'V', size: 9, count: 1, reason: 'too_small', state: 'requested' });
  // Not counted: rejected, cancelled, or opened before the period.
  await openReturn(first, { letter: 'P', size: 9, count: 1, reason: 'too_small', state: 'rejected' });
  await openReturn(first, { letter: 'P', size: 10, count: 1, reason: 'too_large', state: 'cancelled' });
  await openReturn(older, {
    letter: 'P',
    size: 9,
    count: 3,
    reason: 'too_small',
    state: 'received',
    daysAgo: 30,
  });

  // Fit answers through the reviews route, by the size each writer bought: P 9 runs small (twice), P 10
  // true to size, Q 9 runs large; a review without an answer counts nothing.
  const [b1, b2, b3, b4, b5] = buyers.slice(1) as [Buyer, Buyer, Buyer, Buyer, Buyer];
  await reviewers('P', 9, [b1, b2]);
  await reviewers('P', 10, [b3]);
  await reviewers('Q', 9, [b4]);
  await reviewers('U', 11.5, [b5]);
  await review_(b1, 'P', 'small');
  await review_(b2, 'P', 'small');
  await review_(b3, 'P', 'true');
  await review_(b4, 'Q', 'large');
  await review_(b5, 'U');
  // Not counted: an answer written before the period, and one without the size bought.
  const [b6, b7] = buyers.slice(6) as [Buyer, Buyer];
  await app()
    .db.insert(review)
    .values([
      {
        productId: ids.Q,
        userId: b6.id,
        rating: 3,
        description: 'Old.',
        fit: 'small',
        sizeBought: '9',
        createdAt: at(31),
      },
      { productId: ids.Q, userId: b7.id, rating: 3, description: 'No size.', fit: 'small', sizeBought: null },
    ]);
});

/** The table of `query`, asked by the admin or, when given, as `as[0]` (undefined: a guest). */
const sizes = (query: string, ...as: [string?]) =>
  send(app(), 'GET', `/api/admin/sales/sizes?${query}`, as.length > 0 ? as[0] : admin().cookie);

async function table(query = PERIOD): Promise<SalesSizes> {
  const response = await sizes(query);
  expect(response.statusCode, response.body).toBe(200);
  return salesSizesSchema.parse(response.json());
}

const none = {
  sold: 0,
  sizeReturns: 0,
  tooSmall: 0,
  tooLarge: 0,
  exchangedUp: 0,
  exchangedDown: 0,
  fitSmall: 0,
  fitTrue: 0,
  fitLarge: 0,
};

describe('GET /api/admin/sales/sizes', () => {
  it('counts the pairs sold, sent back for size and the fit answers per model and size', async () => {
    const body = await table();
    expect(body).toMatchObject({ from: dayOf(29), to: dayOf(0), sold: 37, sizeReturns: 6 });
    expect(body.averageSizeReturnRate).toBe(0.162);
    const model = (letter: Letter) => body.models.find((row) => row._id === ids[letter]) as SalesSizeModel;
    expect(model('P')).toEqual({
      _id: ids.P,
      name: 'Sizes P',
      brand: 'nike',
      ...none,
      sold: 6,
      sizeReturns: 3,
      tooSmall: 2,
      exchangedUp: 1,
      exchangedDown: 1,
      fitSmall: 2,
      fitTrue: 1,
      sizeReturnRate: 0.5,
      aboveAverage: true,
      sizes: [
        { key: '9', ...none, sold: 4, sizeReturns: 2, tooSmall: 2, exchangedUp: 1, fitSmall: 2 },
        { key: '10', ...none, sold: 2, sizeReturns: 1, exchangedDown: 1, fitTrue: 1 },
      ],
    });
    expect(model('Q')).toMatchObject({
      brand: 'adidas',
      sold: 10,
      sizeReturns: 1,
      tooLarge: 1,
      fitLarge: 1,
      fitSmall: 0,
      sizeReturnRate: 0.1,
      aboveAverage: false,
      sizes: [{ key: '9', ...none, sold: 10, sizeReturns: 1, tooLarge: 1, fitLarge: 1 }],
    });
    expect(model('U').sizes).toEqual([{ key: '11.5', ...none, sold: 20 }]);
    expect(model('V')).toMatchObject({ sold: 0, sizeReturns: 1, sizeReturnRate: null, aboveAverage: false });
  });

  it('puts the models above the average first, by rate, then the others by pairs sold', async () => {
    const { models } = await table();
    expect(models.map((model) => [model.name, model.sizeReturnRate, model.aboveAverage])).toEqual([
      ['Sizes T', 1, true],
      ['Sizes P', 0.5, true],
      ['Sizes U', 0, false],
      ['Sizes Q', 0.1, false],
      ['Sizes V', null, false],
    ]);
  });

  it('covers only the days asked: yesterday had no sale and no return', async () => {
    expect(await table(`from=${dayOf(1)}&to=${dayOf(1)}`)).toEqual({
      from: dayOf(1),
      to: dayOf(1),
      sold: 0,
      sizeReturns: 0,
      averageSizeReturnRate: null,
      models: [],
    });
    // Today: only P sold (6 pairs); T's, Q's and V's returns were opened today on older orders. The shop
    // sent back 6 of 6, so P (3 of 6) is not above it; the models come by pairs sold, then by name.
    const today = await table(`from=${dayOf(0)}&to=${dayOf(0)}`);
    expect(today.averageSizeReturnRate).toBe(1);
    expect(
      today.models.map((model) => [model.name, model.sold, model.sizeReturns, model.aboveAverage]),
    ).toEqual([
      ['Sizes P', 6, 3, false],
      ['Sizes Q', 0, 1, false],
      ['Sizes T', 0, 1, false],
      ['Sizes V', 0, 1, false],
    ]);
  });

  it('downloads as CSV: a row per model and size, in the table order', async () => {
    const response = await sizes(`${PERIOD}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-sizes-${dayOf(29)}-to-${dayOf(0)}.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'product_id,product_name,brand,model_sold,model_size_returns,model_size_return_rate,above_average,size,sold,size_returns,too_small,too_large,exchanged_up,exchanged_down,fit_small,fit_true,fit_large',
    );
    expect(lines.slice(1)).toEqual([
      `${ids.T},Sizes T,nike,1,1,100,yes,8,1,1,0,1,0,0,0,0,0`,
      `${ids.P},Sizes P,nike,6,3,50,yes,9,4,2,2,0,1,0,2,0,0`,
      `${ids.P},Sizes P,nike,6,3,50,yes,10,2,1,0,0,0,1,0,1,0`,
      `${ids.U},Sizes U,nike,20,0,0,no,11.5,20,0,0,0,0,0,0,0,0`,
      `${ids.Q},Sizes Q,adidas,10,1,10,no,9,10,1,0,1,0,0,0,0,1`,
      `${ids.V},Sizes V,nike,0,1,,no,9,0,1,1,0,0,0,0,0,0`,
    ]);
    expect(csvRecords(response.body)).toHaveLength(6);
  });

  it('downloads an empty period as the header alone', async () => {
    const response = await sizes(`from=${dayOf(1)}&to=${dayOf(1)}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(csvRecords(response.body)).toEqual([]);
  });

  it('refuses missing, malformed, reversed and too long periods in the error envelope, naming the field', async () => {
    for (const [query, field] of [
      [`to=${dayOf(0)}`, 'from'],
      [`from=${dayOf(0)}`, 'to'],
      [`from=2026-13-01&to=${dayOf(0)}`, 'from'],
      [`from=${dayOf(0)}&to=tomorrow`, 'to'],
      [`from=${dayOf(0)}&to=${dayOf(1)}`, 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      [`${PERIOD}&format=pdf`, 'format'],
    ] as const) {
      const refused = await sizes(query);
      expect(refused.statusCode, query).toBe(400);
      const { error } = refused.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(error.code, query).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), query).toEqual([field]);
    }
  });
});

describe('who may read the size table', () => {
  /** A signed-in member of a built-in role. */
  async function member(role: string): Promise<Buyer> {
    const [someone] = (await quickBuyers(app(), 1, `sizes${role}`)) as [Buyer];
    await app().db.update(user).set({ role }).where(eq(user.id, someone.id));
    return someone;
  }

  it('refuses a guest (401), shoppers and a role without sales.read (403), even with a bad period', async () => {
    for (const outsider of await outsiders(app())) {
      expectRefused(outsider, await sizes(PERIOD, outsider.cookie));
      expectRefused(outsider, await sizes('from=bad', outsider.cookie));
      expectRefused(outsider, await sizes(`${PERIOD}&format=csv`, outsider.cookie));
    }
    const support = await member('support');
    for (const query of [PERIOD, 'from=bad', `${PERIOD}&format=csv`]) {
      const refused = await sizes(query, support.cookie);
      expect(refused.statusCode, query).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', fields: { permission: 'sales.read' } });
    }
  });

  it('gives the table to sales.read, but the CSV only with exports.read too', async () => {
    const catalogue = await member('catalogue');
    expect((await sizes(PERIOD, catalogue.cookie)).statusCode).toBe(200);
    const refused = await sizes(`${PERIOD}&format=csv`, catalogue.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', fields: { permission: 'exports.read' } });
  });

  it('asks for a step-up before the CSV (403 STEP_UP_REQUIRED), not before the table', async () => {
    const owner = await quickAdmin(app(), 'sizesnostep', { steppedUp: false });
    expect((await sizes(PERIOD, owner.cookie)).statusCode).toBe(200);
    const refused = await sizes(`${PERIOD}&format=csv`, owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
  });

  it('is in the OpenAPI document with its period and both answers', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[]; responses?: Record<string, unknown> } }
      >;
    }>();
    const route = doc.paths['/api/admin/sales/sizes']?.get;
    expect(route?.parameters?.map((parameter) => parameter.name)).toEqual(['from', 'to', 'format']);
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
