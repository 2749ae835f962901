import { type APIRequestContext, expect } from '@playwright/test';
import { productOfItsOwn } from './products';

/**
 * A product of a promotions journey's own (see productOfItsOwn), six pairs of each size; `price` and
 * `compareAtPrice` (a sale when above the price) are the journey's.
 */
export const productOnPromotion = (
  admin: APIRequestContext,
  origin: string,
  name: string,
  prices: { price: number; compareAtPrice?: number | null },
) =>
  productOfItsOwn(admin, origin, name, {
    ...prices,
    units: 6,
    description: 'A pair made for this journey: a canvas upper on a vulcanised sole.',
  });

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
