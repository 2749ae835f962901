import { type APIRequestContext, expect } from '@playwright/test';

/** A short suffix that keeps a journey's names and codes its own. */
export const uniqueSuffix = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

interface OwnProduct {
  price: number;
  /** A sale when above the price. */
  compareAtPrice?: number | null;
  /** Units of each of sizes 8, 9 and 10. */
  units: number;
  description: string;
}

/**
 * A product of a journey's own, made by the staff's API (`admin`) with a seeded product's pictures and
 * released long ago, so it sorts last in the catalogue: no other journey meets it (they pick products by
 * name or by their place in the newest-first catalogue). Answers its id and its full (unique) name.
 */
export async function productOfItsOwn(
  admin: APIRequestContext,
  origin: string,
  name: string,
  { price, compareAtPrice = null, units, description }: OwnProduct,
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
      price,
      compareAtPrice,
      stock: { '8': units, '9': units, '10': units },
      description,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { _id: string })._id, name: fullName };
}
