import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { creditEntry, promotion, promotionUse } from '../../db/schema';
import { type Buyer, quickBuyers } from '../../test/buyers';
import { cartOf, checkoutWith, createPromotion, sneakerAt } from '../../test/promotions';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const BUYERS = 100;

const { app, staff } = testShop({ contended: BUYERS + 10, staff: true });
let buyers: Buyer[];
let product: string;

beforeAll(async () => {
  buyers = await quickBuyers(app(), BUYERS, 'racer');
  product = await sneakerAt(app(), 100, {}, BUYERS * 3);
});

it(`${BUYERS} buyers race for the last use of a code: exactly one gets it, the others are told it is used up`, async () => {
  const code = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 30, totalUses: 1 });
  const responses = await Promise.all(
    buyers.map((buyer) => checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { code: code.code })),
  );
  const won = responses.filter((response) => response.statusCode === 200);
  expect(won).toHaveLength(1);
  for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('PROMOTION_USED_UP');
  }
  const [row] = await app().db.select().from(promotion).where(eq(promotion.id, code.id));
  expect(row?.uses).toBe(1);
  expect(
    await app().db.select().from(promotionUse).where(eq(promotionUse.promotionId, code.id)),
  ).toHaveLength(1);
}, 120_000);

it('one buyer checking out twice at once with a code of one use per customer gets it once', async () => {
  const [buyer] = buyers;
  if (!buyer) throw new Error('no buyer');
  const code = await createPromotion(app(), staff().cookie, { kind: 'amount', value: 5, usesPerCustomer: 1 });
  const responses = await Promise.all(
    [1, 2, 3].map(() => checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { code: code.code })),
  );
  expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
  for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('PROMOTION_ALREADY_USED');
  }
}, 60_000);

it('two checkouts at once spending the same store credit never take the balance below zero', async () => {
  const [, buyer] = buyers;
  if (!buyer) throw new Error('no buyer');
  const granted = await send(app(), 'POST', `/api/users/${buyer.id}/credit`, staff().cookie, {
    amount: 150,
    reason: 'A race of two checkouts',
  });
  expect(granted.statusCode, granted.body).toBe(201);
  const responses = await Promise.all(
    [1, 2, 3, 4].map(() => checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { useCredit: true })),
  );
  for (const response of responses) expect([200, 409], response.body).toContain(response.statusCode);
  const entries = await app().db.select().from(creditEntry).where(eq(creditEntry.userId, buyer.id));
  const spent = entries
    .filter((entry) => entry.kind === 'spend')
    .reduce((sum, entry) => sum - entry.amountCents, 0);
  expect(spent).toBe(15_000);
  expect(entries.every((entry) => entry.balanceAfterCents >= 0)).toBe(true);
  const credit = await send(app(), 'GET', `/api/users/${buyer.id}/credit`, buyer.cookie);
  expect(credit.json().balance).toBe(0);
}, 60_000);
