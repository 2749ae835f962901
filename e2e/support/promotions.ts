import { type APIRequestContext, expect } from '@playwright/test';

/** A short suffix that keeps a journey's names and codes its own. */
export const uniqueSuffix = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/**
 * A product of a promotions journey's own, made by the staff's API with a seeded product's pictures and
 * released long ago, so it sorts last in the catalogue and no other journey meets it (as the drops'
 * products are made). `price` and `compareAtPrice` (a sale when above the price) are the journey's.
 */
export async function productOfItsOwn(
  admin: APIRequestContext,
  origin: string,
  name: string,
  prices: { price: number; compareAtPrice?: number | null },
): Promise<{ id: string; name: string }> {
  const found = await admin.get('/api/products?search=Half%20Cab&limit=1');
  const [card] = ((await found.json()) as { products: { _id: string }[] }).products;
  expect(card, 'a seeded product to take the pictures of').toBeTruthy();
  const details = await admin.get(`/api/products/details/${card?._id}`);
  const [model] = (await details.json()) as Record<string, unknown>[];
  // The seed draws its pictures after the shop starts: the product may name them once they are stored.
  await expect
    .poll(async () => (await admin.get(String(model?.card_picture))).status(), { timeout: 120_000 })
    .toBe(200);
  const fullName = `${name} ${uniqueSuffix()}`;
  const created = await admin.post('/api/products/create', {
    headers: { origin },
    data: {
      name: fullName,
      brand: model?.brand,
      category: model?.category,
      gender: model?.gender,
      color: model?.color,
      card_picture: model?.card_picture,
      detail_picture: model?.detail_picture,
      original_picture: model?.original_picture,
      release_date: '1990-01-01',
      price: prices.price,
      compareAtPrice: prices.compareAtPrice ?? null,
      stock: { '8': 6, '9': 6, '10': 6 },
      description: 'A pair made for this journey: a canvas upper on a vulcanised sole.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { _id: string })._id, name: fullName };
}

/** A discount code made through the staff's API (`POST /api/promotions`); answers its code. */
export async function createCode(
  admin: APIRequestContext,
  origin: string,
  body: Record<string, unknown> & { code: string },
): Promise<string> {
  const created = await admin.post('/api/promotions', { headers: { origin }, data: body });
  expect(created.status(), await created.text()).toBe(201);
  return body.code;
}

/** Staff grant a buyer store credit (`POST /api/users/:id/credit`). */
export async function grantCredit(
  admin: APIRequestContext,
  origin: string,
  uid: string,
  amount: number,
): Promise<void> {
  const granted = await admin.post(`/api/users/${uid}/credit`, {
    headers: { origin },
    data: { amount, reason: 'A thank-you for shopping with us' },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
}
