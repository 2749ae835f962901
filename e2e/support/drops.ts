import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from './shop';

/** An API client signed in as the seeded admin (it sends the shop's Origin, as a browser would). */
export async function adminRequest(request: APIRequestContext, origin: string): Promise<APIRequestContext> {
  const signIn = await request.post('/api/auth/sign-in/email', { data: ADMIN, headers: { origin } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return request;
}

/**
 * A product of a drop journey's own, made by the staff's API with a seeded product's pictures and released
 * long ago, so it sorts last in the catalogue: no other journey meets it (they pick products by name or
 * by their place in the newest-first catalogue), and none of theirs becomes a drop.
 */
export async function productForDrop(
  admin: APIRequestContext,
  origin: string,
  name: string,
): Promise<string> {
  const found = await admin.get('/api/products?search=Half%20Cab&limit=1');
  const [card] = ((await found.json()) as { products: { _id: string }[] }).products;
  expect(card, 'a seeded product to take the pictures of').toBeTruthy();
  const details = await admin.get(`/api/products/details/${card?._id}`);
  const [model] = (await details.json()) as Record<string, unknown>[];
  // The seed draws its pictures after the shop starts: the product may name them once they are stored.
  await expect
    .poll(async () => (await admin.get(String(model?.card_picture))).status(), { timeout: 120_000 })
    .toBe(200);
  const created = await admin.post('/api/products/create', {
    headers: { origin },
    data: {
      name: `${name} ${Date.now().toString(36).slice(-6)}`,
      brand: model?.brand,
      category: model?.category,
      gender: model?.gender,
      color: model?.color,
      card_picture: model?.card_picture,
      detail_picture: model?.detail_picture,
      original_picture: model?.original_picture,
      release_date: '1990-01-01',
      price: 180,
      stock: { '8': 4, '9': 4, '10': 4 },
      description: 'A limited release made for this journey: a suede upper on a vulcanised sole.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** Schedules a drop through the staff's API; answers its id and product. */
export async function scheduleDrop(
  admin: APIRequestContext,
  origin: string,
  body: Record<string, unknown>,
): Promise<{ id: string; product: { id: string; name: string } }> {
  const created = await admin.post('/api/drops', { data: body, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; product: { id: string; name: string } };
}
